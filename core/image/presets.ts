import { buildImageUrl, type BuildImageUrlOptions } from './url.ts';
import { ImageUrlError, type ImageOptions } from './types.ts';

/** Named option sets (spec §3, §9): `preview` is the blurred, low-quality placeholder. */
export const IMAGE_PRESETS = {
  preview: { quality: 20, blur: 30 },
} as const satisfies Record<string, ImageOptions>;

export type ImagePresetName = keyof typeof IMAGE_PRESETS;

/** Spec §8: an unknown preset is a programming error, so it throws instead of silently doing nothing. */
export function getImagePreset(name: string): ImageOptions {
  if (!Object.hasOwn(IMAGE_PRESETS, name)) {
    throw new ImageUrlError('unknown_preset', `Unknown image preset "${name}". Known presets: ${Object.keys(IMAGE_PRESETS).join(', ')}.`);
  }
  return IMAGE_PRESETS[name as ImagePresetName];
}

export type ImageUrlProvider = (source: string, options: ImageOptions, build: BuildImageUrlOptions) => string;

/**
 * Providers turn a media path and options into a URL. There is one today, the site's own proxy;
 * a CDN with its own URL scheme would be a second entry here, and pages would not change.
 */
export const IMAGE_PROVIDERS = {
  imgproxy: buildImageUrl,
} as const satisfies Record<string, ImageUrlProvider>;

export type ImageProviderName = keyof typeof IMAGE_PROVIDERS;
export const DEFAULT_IMAGE_PROVIDER: ImageProviderName = 'imgproxy';

/** Spec §8: an unknown provider throws. */
export function getImageProvider(name: string): ImageUrlProvider {
  if (!Object.hasOwn(IMAGE_PROVIDERS, name)) {
    throw new ImageUrlError('unknown_provider', `Unknown image provider "${name}". Known providers: ${Object.keys(IMAGE_PROVIDERS).join(', ')}.`);
  }
  return IMAGE_PROVIDERS[name as ImageProviderName];
}
