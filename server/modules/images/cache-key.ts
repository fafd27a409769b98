import type { ImageOptions } from '#core/image/types.ts';

/**
 * The options as they affect the output, so that requests making the same bytes share one cache entry
 * (and one ETag). Besides the defaults the URL builder already drops, it folds away what the pipeline
 * (transform.ts, geometry.ts) would ignore:
 * - `q` for png: PNG is written lossless, quality does not apply;
 * - `bg:ffffff` for jpeg: JPEG output is flattened on white anyway;
 * - `dpr`: it only multiplies width and height, so `w:100/dpr:2` is `w:200`;
 * - `g` unless the image can be cropped (`fill`, `fill-down`, `auto` with both sides given), and
 *   `rt:fill`/`fill-down`/`auto` with one side given (they resize like `fit` then);
 * - `rt`, `g` and `el` when no size is asked (the source keeps its size).
 */
export function outputOptions(options: ImageOptions): ImageOptions {
  const out: ImageOptions = { ...options };
  const dpr = options.dpr ?? 1;
  const scaled = (n: number | undefined) => (n ? Math.max(1, Math.round(n * dpr)) : undefined);
  out.width = scaled(options.width);
  out.height = scaled(options.height);
  delete out.dpr;
  if (!out.width && !out.height) {
    delete out.fit;
    delete out.position;
    delete out.enlarge;
  }
  const fit = out.fit ?? 'fit';
  const mayCrop = (fit === 'fill' || fit === 'fill-down' || fit === 'auto') && Boolean(out.width && out.height);
  if (!mayCrop) delete out.position;
  // With one side given, filling and `auto` resize exactly like `fit`.
  if (!mayCrop && fit !== 'force') delete out.fit;
  if (out.format === 'png') delete out.quality;
  if (out.format === 'jpeg' && out.background === 'ffffff') delete out.background;
  return out;
}
