import { UTILITY_BREAKPOINTS } from '../breakpoints.ts';
import type { DeviceState } from '../device.ts';
import { validateImageOptions } from './options.ts';
import { DEFAULT_IMAGE_PROVIDER, getImagePreset, getImageProvider } from './presets.ts';
import type { BuildImageUrlOptions } from './url.ts';
import type { CropArea, Gravity, ImageOptions, OutputFormat, ResizingType } from './types.ts';

/** Spec §9: every image is offered at 1x and 2x. */
export const IMAGE_DENSITIES = [1, 2] as const;
/** Spec §9: macOS screens are Retina, so a single-URL `src` is made at dpr 2 for them. */
export const MAC_OS_DPR = 2;
/** Spec §9: a blurred image needs no detail, so it is made at half size. */
export const BLUR_DPR = 0.5;

export type ImageSetRequest = {
  /** Media path (`demo/hero.jpg`) or an allow-listed remote URL. */
  src: string;
  /** The box the page shows, in CSS pixels; its aspect ratio is reserved before the image arrives. */
  width: number;
  height: number;
  /** HTML `sizes`; with it the set lists widths (`640w…`) instead of densities (`1x, 2x`). */
  sizes?: string;
  preset?: string;
  /** `fill` by default: the image is cropped to the box, so what arrives matches what was reserved. */
  fit?: ResizingType;
  position?: Gravity;
  /** The area of the source shown (a picture's crop in the media library), cut before resizing. */
  crop?: CropArea;
  quality?: number;
  background?: string;
  /**
   * Forces one format. By default the URLs name none and the proxy answers each browser from its own image `Accept`
   * (avif, webp, else jpeg, or png where the picture needs it; `Vary: Accept`): one HTML for every browser.
   */
  format?: OutputFormat;
  provider?: string;
};

/** `webp` plays no part any more (the proxy negotiates the format); kept so callers' device objects stay valid. */
export type ImageSetDevice = Pick<DeviceState, 'webp' | 'macOS'>;

export type ImageSet = {
  src: string;
  srcSet: string | undefined;
  sizes: string | undefined;
  /** The `preview` preset of the same crop: a few kilobytes shown until the real image is in. */
  placeholder: string;
  width: number;
  height: number;
};

/**
 * Every URL one <Image> needs, for one device. Isomorphic: the component calls it during render;
 * with signing on, a loader calls it on the server with `build.sign` and hands the result down.
 */
export function buildImageSet(request: ImageSetRequest, device: ImageSetDevice, build: BuildImageUrlOptions = {}): ImageSet {
  const { src, width, height, sizes } = request;
  if (!(Number.isInteger(width) && width > 0 && Number.isInteger(height) && height > 0)) {
    throw new RangeError(`An image needs whole positive width and height to reserve its box (got ${width}×${height} for "${src}").`);
  }
  const provider = getImageProvider(request.provider ?? DEFAULT_IMAGE_PROVIDER);
  const base = validateImageOptions({
    ...(request.preset ? getImagePreset(request.preset) : {}),
    ...definedOnly({ position: request.position, crop: request.crop, quality: request.quality, background: request.background }),
    fit: request.fit ?? 'fill',
    ...(request.format ? { format: request.format } : {}),
  });
  const url = (options: ImageOptions) => provider(src, { ...base, ...options }, build);
  const box = { width, height };

  // Negotiated like the image: a photograph's placeholder is avif, webp or jpeg, never a lossless PNG.
  const placeholder = url({ ...getImagePreset('preview'), ...box, dpr: BLUR_DPR });
  if (base.blur) {
    const blurred = url({ ...box, dpr: BLUR_DPR });
    return { src: blurred, srcSet: undefined, sizes: undefined, placeholder, width, height };
  }
  const srcSet = sizes
    ? responsiveWidths(width)
        .map((w) => `${url({ width: w, height: Math.round((w * height) / width) })} ${w}w`)
        .join(', ')
    : IMAGE_DENSITIES.map((dpr) => `${url({ ...box, dpr })} ${dpr}x`).join(', ');
  return { src: url({ ...box, dpr: device.macOS ? MAC_OS_DPR : 1 }), srcSet, sizes, placeholder, width, height };
}

/** Widths offered with `sizes`: the utility breakpoints at each density, up to twice the box. */
export function responsiveWidths(width: number): number[] {
  const max = width * Math.max(...IMAGE_DENSITIES);
  const ladder = Object.values(UTILITY_BREAKPOINTS).flatMap((w) => IMAGE_DENSITIES.map((d) => w * d));
  return [...new Set([...ladder, ...IMAGE_DENSITIES.map((d) => width * d)])].filter((w) => w <= max).sort((a, b) => a - b);
}

function definedOnly<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>;
}
