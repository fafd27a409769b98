/**
 * A page's picture where it is shared (`og:image`, `twitter:image`): one size (Open Graph's and Twitter's large card,
 * 1.91:1) and one device, so every visitor and every other site's crawler is named the same JPEG.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const SHARE_DEVICE = { webp: false, macOS: false } as const;
