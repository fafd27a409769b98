/** imgproxy resizing types (REFERENCE "Image proxy URL"); `fit` is the default. */
export const RESIZING_TYPES = ['fit', 'fill', 'fill-down', 'force', 'auto'] as const;
export type ResizingType = (typeof RESIZING_TYPES)[number];

/** imgproxy gravities: centre, the eight compass points, and `sm` (smart: the most salient region). */
export const GRAVITY_TYPES = ['ce', 'no', 'so', 'ea', 'we', 'noea', 'nowe', 'soea', 'sowe', 'sm'] as const;
export type GravityType = (typeof GRAVITY_TYPES)[number];

/** `fp:x:y`: the point to keep in view when cropping, as fractions of the width and height. */
export type FocusPoint = { x: number; y: number };
export type Gravity = GravityType | FocusPoint;

/**
 * `crop:w:h[:gravity]`: the area of the source processed (cut before any resizing). A size of 1 or more is pixels, one
 * below 1 a fraction of the source's, 0 the whole side; the gravity places the area (a focus point is its centre),
 * the `g` option's when absent.
 */
export type CropArea = { width: number; height: number; gravity?: Gravity };

export const OUTPUT_FORMATS = ['avif', 'webp', 'png', 'jpeg'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * Processing options as one proxy URL carries them. Names follow spec §3 "Image options"
 * (width, height, fit, position, quality, blur, background, format); `dpr` and `enlarge` are imgproxy's.
 */
export type ImageOptions = {
  /** Target width in CSS pixels before `dpr`; 0 or absent keeps the aspect ratio from `height`. */
  width?: number;
  height?: number;
  fit?: ResizingType;
  position?: Gravity;
  /** 1–100; 0 or absent means the server default (80). */
  quality?: number;
  /** Gaussian blur sigma; 0 or absent means none. */
  blur?: number;
  /** Six lowercase hex digits, used to flatten transparency. */
  background?: string;
  /** Multiplies width and height (0 < dpr ≤ 4). */
  dpr?: number;
  /** Allow upscaling beyond the source size (off by default, as in imgproxy). */
  enlarge?: boolean;
  /** The area of the source kept before resizing (a picture's crop in the media library). */
  crop?: CropArea;
  /**
   * Output format. Absent: the proxy picks per request from `Accept` (avif, then webp, else jpeg, or png for a picture
   * that needs it) and answers with `Vary: Accept` (server/modules/images/negotiate.ts).
   */
  format?: OutputFormat;
};

export const DEFAULT_QUALITY = 80;
export const MAX_DPR = 4;
export const MAX_BLUR = 100;

export const IMAGE_ERROR_CODES = ['invalid_url', 'unknown_option', 'invalid_option', 'unknown_format', 'unknown_preset', 'unknown_provider'] as const;
export type ImageErrorCode = (typeof IMAGE_ERROR_CODES)[number];

/** A malformed URL or option; `code` lets the server answer with a precise 4xx. */
export class ImageUrlError extends Error {
  override name = 'ImageUrlError';
  readonly code: ImageErrorCode;
  constructor(code: ImageErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
