import sharp, { type Metadata, type Sharp } from 'sharp';
import { DEFAULT_QUALITY, type ImageOptions, type OutputFormat } from '#core/image/types.ts';
import { ImageProxyError } from './errors.ts';
import { cropArea, planResize } from './geometry.ts';
import { FALLBACK, isOpaque, type WantedFormat } from './negotiate.ts';
import type { LoadedSource } from './sources.ts';

export type TransformLimits = { maxDimension: number; maxSourcePixels: number; timeoutS: number };
export type TransformResult = { data: Buffer; format: OutputFormat; width: number; height: number };

/** Source formats the proxy decodes. SVG is left out on purpose: rendering untrusted vector input is its own risk. */
const READABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'avif', 'heif']);

export const CONTENT_TYPES: Record<OutputFormat, string> = { avif: 'image/avif', webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg' };

/**
 * AVIF's encoder settings. libaom's default effort (4) took 1.8–2.9 s for one 1440×900 photo on the 2-core machine;
 * effort 1 (imgproxy's default speed 8) takes 70–170 ms of CPU for 720–1440 px, 1.2–1.9× WebP's. Without a `q`, quality 55:
 * the same PSNR as WebP q80 on the demo photographs at 25–35 % fewer bytes (figures: docs/guides/operations.md).
 * 4:2:0 chroma, as photographs are: faster and smaller than sharp's default 4:4:4.
 */
export const AVIF_ENCODING = { effort: 1, defaultQuality: 55, chromaSubsampling: '4:2:0' } as const;

/**
 * One source in, one encoded variant out, in `wanted` (the URL's format or the one negotiated from `Accept`). Reads
 * the header first so that bombs and non-images never get decoded.
 */
export async function transformImage(source: LoadedSource, options: ImageOptions, wanted: WantedFormat, limits: TransformLimits): Promise<TransformResult> {
  const input = source.kind === 'file' ? source.path : source.data;
  let meta: Metadata;
  try {
    // Header only, no pixel limit yet: the limit is checked below with a message that gives the sizes.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageProxyError('unsupported_source', 'The source is not an image the proxy can read.', { cause: error });
  }
  if (!meta.format || !READABLE.has(meta.format)) {
    throw new ImageProxyError('unsupported_source', `Source images in "${meta.format ?? 'unknown'}" format are not supported.`);
  }
  const pixels = meta.width * meta.height;
  if (pixels > limits.maxSourcePixels) {
    const mp = (n: number) => `${Math.round(n / 1e5) / 10} MP`;
    throw new ImageProxyError('source_too_large', `The source is ${meta.width}×${meta.height} (${mp(pixels)}), above the ${mp(limits.maxSourcePixels)} limit.`);
  }

  // A crop (the media library's) is cut from the upright source first; the resize is planned on what it keeps.
  const area = options.crop ? cropArea(meta.autoOrient, options.crop, options.position) : undefined;
  const plan = planResize(area ?? meta.autoOrient, options, limits.maxDimension);
  // The pixel limit stays on for decoding, as a second line behind the header check.
  // failOn 'warning' (sharp's default, kept explicit): a truncated upload fails instead of showing half grey.
  let pipeline = sharp(input, { limitInputPixels: limits.maxSourcePixels, failOn: 'warning', sequentialRead: true }).autoOrient();
  if (area) pipeline = pipeline.extract(area);
  const kept = area ?? meta.autoOrient;
  if (plan.smart && plan.crop) {
    pipeline = pipeline.resize(plan.crop.width, plan.crop.height, { fit: 'cover', position: sharp.strategy.attention });
  } else {
    if (plan.resize.width !== kept.width || plan.resize.height !== kept.height) {
      pipeline = pipeline.resize(plan.resize.width, plan.resize.height, { fit: 'fill' });
    }
    if (plan.crop) pipeline = pipeline.extract(plan.crop);
  }

  try {
    let format: OutputFormat;
    if (wanted !== FALLBACK) format = wanted;
    // Palette images are line art (plans, logos, icons): lossless keeps them crisp, and small.
    else if (meta.isPalette) format = 'png';
    else if (!meta.hasAlpha || options.background) format = 'jpeg';
    else {
      // An alpha channel is common on pictures that use none (every catalogue PNG has one): PNG only where
      // transparency shows in this variant. Resized once to raw pixels, then encoded from them.
      const { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
      format = isOpaque(data, info.channels) ? 'jpeg' : 'png';
      pipeline = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    }
    // JPEG has no transparency: without a background asked for, transparent areas become white, not black.
    const background = options.background ?? (format === 'jpeg' && meta.hasAlpha ? 'ffffff' : undefined);
    if (background) pipeline = pipeline.flatten({ background: `#${background}` });
    // libvips refuses sigmas below 0.3, which would not show anyway.
    if (options.blur) pipeline = pipeline.blur(Math.max(0.3, options.blur));

    const { data, info } = await encode(pipeline, format, options.quality).timeout({ seconds: limits.timeoutS }).toBuffer({ resolveWithObject: true });
    return { data, format, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /timeout/i.test(error.message)) {
      throw new ImageProxyError('timeout', 'Processing the image took too long.', { cause: error });
    }
    throw new ImageProxyError('source_unreadable', 'The source image is damaged or cannot be decoded.', { cause: error });
  }
}

/** `quality` as the URL gave it: absent (or 0) means the server default, 80, or AVIF's own. */
function encode(pipeline: Sharp, format: OutputFormat, quality: number | undefined): Sharp {
  switch (format) {
    case 'avif':
      return pipeline.avif({
        quality: quality || AVIF_ENCODING.defaultQuality,
        effort: AVIF_ENCODING.effort,
        chromaSubsampling: AVIF_ENCODING.chromaSubsampling,
      });
    case 'webp':
      return pipeline.webp({ quality: quality || DEFAULT_QUALITY });
    case 'jpeg':
      return pipeline.jpeg({ quality: quality || DEFAULT_QUALITY });
    case 'png':
      // PNG is lossless: quality does not apply (as in imgproxy), so plans and logos stay crisp.
      return pipeline.png();
  }
}
