import type { RouterContextProvider } from 'react-router';
import type { Picture } from '#core/catalogue/types.ts';
import { detectDevice, deviceInputFromHeaders } from '#core/device.ts';
import { DEMO_MEDIA, DEMO_MEDIA_SIZE } from '#core/image/demo-media.ts';
import { SHARE_DEVICE } from '#core/image/share.ts';
import { shareImageUrl, withImageSets, type ImageUsageName, type PictureSource } from '#core/image/usages.ts';
import { appContext } from './context.server.ts';

export type PictureSigner = <P extends Picture>(picture: P, ...usages: ImageUsageName[]) => P;

/**
 * For loaders: attaches a picture's signed URLs for the usages the page shows it in, made for the visitor's device.
 * Without `IMGPROXY_KEY` the picture is untouched and `<Image>` makes the same URLs unsigned. Loaders always run on
 * the server, so the key never leaves it.
 */
export function pictureSigner(context: Readonly<RouterContextProvider>, request: Request): PictureSigner {
  const sign = context.get(appContext).imageSigner ?? undefined;
  if (!sign) return (picture) => picture;
  const device = detectDevice(deviceInputFromHeaders(request.headers));
  return (picture, ...usages) => withImageSets(picture, usages, device, sign);
}

/** The site's own picture (the home page's hero): what a page without a picture of its own is shared with. */
export const SITE_SHARE_PICTURE: PictureSource = { src: DEMO_MEDIA.hero, ...DEMO_MEDIA_SIZE };

/**
 * For loaders: the address a page is shared with (`og:image`, `twitter:image`, app/lib/meta.ts) — `picture` as the
 * `share` usage, absolute, and signed when images are signed. Made here so the browser needs no image code for it.
 */
export function shareImage(context: Readonly<RouterContextProvider>, picture: PictureSource = SITE_SHARE_PICTURE): string {
  const { config, imageSigner } = context.get(appContext);
  return shareImageUrl(imageSigner ? withImageSets(picture, ['share'], SHARE_DEVICE, imageSigner) : picture, config.siteOrigin);
}
