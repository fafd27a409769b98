import type { RouterContextProvider } from 'react-router';
import type { Picture } from '#core/catalogue/types.ts';
import { detectDevice, deviceInputFromHeaders } from '#core/device.ts';
import { withImageSets, type ImageUsageName } from '#core/image/usages.ts';
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
