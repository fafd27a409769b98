import { acceptedImageFormats } from '#core/device.ts';
import type { OutputFormat } from '#core/image/types.ts';

/**
 * What a request gets when its URL names no format: `jpeg`, or `png` for a picture that needs it (transparency that
 * shows, or palette line art), decided from the source when the variant is made (transform.ts).
 */
export const FALLBACK = 'fallback';
export type WantedFormat = OutputFormat | typeof FALLBACK;

export type FormatChoice = {
  /** The format to write, or `fallback` (jpeg or png, by the source). */
  format: WantedFormat;
  /** The answer depends on `Accept` (no format in the URL): it says `Vary: Accept`. */
  negotiated: boolean;
};

/**
 * imgproxy's order: a format in the URL (extension or `f:`) wins whatever the client says. Without one, like
 * imgproxy's IMGPROXY_AUTO_AVIF/AUTO_WEBP, the best the client announces: AVIF, then WebP; a client announcing
 * neither gets JPEG for a photograph and PNG only where the picture needs it (6–10× lighter than PNG for photos).
 */
export function chooseFormat(explicit: OutputFormat | undefined, accept: string | undefined): FormatChoice {
  if (explicit) return { format: explicit, negotiated: false };
  const accepted = acceptedImageFormats(accept);
  if (accepted.includes('avif')) return { format: 'avif', negotiated: true };
  if (accepted.includes('webp')) return { format: 'webp', negotiated: true };
  return { format: FALLBACK, negotiated: true };
}

/** Whether every pixel of interleaved raw pixels is fully opaque (`channels` 2 or 4 carry alpha last). */
export function isOpaque(pixels: Uint8Array, channels: number): boolean {
  if (channels !== 2 && channels !== 4) return true;
  for (let i = channels - 1; i < pixels.length; i += channels) if (pixels[i] !== 255) return false;
  return true;
}
