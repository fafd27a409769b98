import type { CropArea, Gravity, ImageOptions } from '#core/image/types.ts';

export type Size = { width: number; height: number };
export type Crop = Size & { left: number; top: number };

/**
 * How to get from the source to the output: scale the whole image to `resize`, then cut `crop` out of it.
 * With `smart`, libvips picks the crop itself (its attention strategy) instead of `crop.left/top`.
 */
export type ResizePlan = { resize: Size; crop: Crop | undefined; smart: boolean; output: Size };

type GeometryOptions = Pick<ImageOptions, 'width' | 'height' | 'fit' | 'position' | 'dpr' | 'enlarge'>;

/**
 * imgproxy's resizing rules (REFERENCE "Image proxy URL"), worked out in numbers so they are testable
 * without pixels. `source` is the size after EXIF orientation.
 */
export function planResize(source: Size, options: GeometryOptions, maxDimension: number): ResizePlan {
  const dpr = options.dpr ?? 1;
  const scaled = (n: number | undefined) => (n ? Math.max(1, Math.round(n * dpr)) : 0);
  const plan = planFor(source, scaled(options.width), scaled(options.height), options);
  const longest = Math.max(plan.output.width, plan.output.height);
  if (longest <= maxDimension) return plan;
  // Too large an output (a big dpr, `enlarge`, or a huge source asked at its own size): plan again for a
  // proportionally smaller box, which keeps the same part of the picture.
  const k = maxDimension / longest;
  const width = Math.max(1, Math.floor(plan.output.width * k));
  const height = Math.max(1, Math.floor(plan.output.height * k));
  return planFor(source, width, height, { ...options, fit: plan.crop ? options.fit : 'force' });
}

function planFor(source: Size, tw: number, th: number, options: GeometryOptions): ResizePlan {
  const { width: sw, height: sh } = source;
  let fit = options.fit ?? 'fit';
  if (fit === 'auto') fit = tw && th && sw >= sh === tw >= th ? 'fill' : 'fit';
  const cropping = (fit === 'fill' || fit === 'fill-down') && tw > 0 && th > 0;
  const cap = (s: number) => (options.enlarge ? s : Math.min(s, 1));

  let sx: number;
  let sy: number;
  if (!tw && !th) {
    sx = sy = 1;
  } else if (fit === 'force') {
    sx = cap(tw ? tw / sw : th / sh);
    sy = cap(th ? th / sh : tw / sw);
  } else {
    const ratios = [tw && tw / sw, th && th / sh].filter((r): r is number => r > 0);
    sx = sy = cap(cropping ? Math.max(...ratios) : Math.min(...ratios));
  }
  const resize = { width: Math.max(1, Math.round(sw * sx)), height: Math.max(1, Math.round(sh * sy)) };
  if (!cropping) return { resize, crop: undefined, smart: false, output: resize };

  let cw = Math.min(tw, resize.width);
  let ch = Math.min(th, resize.height);
  if (fit === 'fill-down' && (tw > resize.width || th > resize.height)) {
    // The source is too small to fill the box: keep the box's aspect ratio rather than its size.
    const k = Math.min(resize.width / tw, resize.height / th);
    cw = Math.max(1, Math.min(resize.width, Math.round(tw * k)));
    ch = Math.max(1, Math.min(resize.height, Math.round(th * k)));
  }
  if (cw === resize.width && ch === resize.height) return { resize, crop: undefined, smart: false, output: resize };
  const position = options.position ?? 'ce';
  const crop = { width: cw, height: ch, ...offsets(position, resize, cw, ch) };
  return { resize, crop, smart: position === 'sm', output: { width: cw, height: ch } };
}

function offsets(position: Gravity, resized: Size, cw: number, ch: number): { left: number; top: number } {
  const spareX = resized.width - cw;
  const spareY = resized.height - ch;
  if (typeof position === 'object') {
    const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));
    return { left: clamp(position.x * resized.width - cw / 2, spareX), top: clamp(position.y * resized.height - ch / 2, spareY) };
  }
  const left = position.endsWith('ea') ? spareX : position.endsWith('we') ? 0 : Math.floor(spareX / 2);
  const top = position.startsWith('no') ? 0 : position.startsWith('so') ? spareY : Math.floor(spareY / 2);
  return { left, top };
}

/**
 * imgproxy's `crop` (cut before resizing): the area of `source` kept. A side of 1 or more is pixels, one below 1 a
 * fraction, 0 the whole side; never larger than the source. A focus point is the area's centre, kept inside the
 * source; a compass gravity places it as the resize's crop does; `fallback` (the `g` option) when the crop names none.
 */
export function cropArea(source: Size, crop: CropArea, fallback: Gravity | undefined): Crop {
  const side = (value: number, full: number) => Math.max(1, Math.min(full, value === 0 ? full : value < 1 ? Math.round(value * full) : Math.round(value)));
  const width = side(crop.width, source.width);
  const height = side(crop.height, source.height);
  const gravity = crop.gravity ?? fallback ?? 'ce';
  // Smart gravity has no meaning before the resize: the area is centred.
  return { width, height, ...offsets(gravity === 'sm' ? 'ce' : gravity, source, width, height) };
}
