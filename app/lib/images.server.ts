import type { RouterContextProvider } from 'react-router';
import type { Picture } from '#core/catalogue/types.ts';
import { detectDevice, deviceInputFromHeaders } from '#core/device.ts';
import { withImageSets, type ImageUsageName } from '#core/image/usages.ts';
import { appContext } from './context.server.ts';

export type PictureSigner = <P extends Picture>(picture: P, ...usages: ImageUsageName[]) => P;

/**
 * For loaders: attaches to a picture the signed URLs of the usages the page shows it in, made for the
 * visitor's device (the root loader detects it from the same headers). With `IMGPROXY_KEY` unset it returns
 * the picture untouched and `<Image>` makes the same URLs, unsigned. Loaders run on the server for the first
 * page and for every client-side navigation alike, so the key never leaves the server.
 */
export function pictureSigner(context: Readonly<RouterContextProvider>, request: Request): PictureSigner {
  const sign = context.get(appContext).imageSigner ?? undefined;
  if (!sign) return (picture) => picture;
  const device = detectDevice(deviceInputFromHeaders(request.headers));
  return (picture, ...usages) => withImageSets(picture, usages, device, sign);
}
