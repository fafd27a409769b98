import { buildImageSet, type ImageSet, type ImageSetDevice, type ImageSetRequest } from './image-set.ts';
import { SHARE_DEVICE, SHARE_IMAGE_SIZE } from './share.ts';
import type { BuildImageUrlOptions } from './url.ts';
import type { CropArea, FocusPoint } from './types.ts';

/**
 * A picture as data carries it: a media path and its intrinsic size (the aspect of boxes that follow it). A picture of
 * the media library may carry its crop (the area shown; then `width`/`height` are that area's) and its focus point (what
 * stays in view when a box crops it, as a fraction of the area): every URL made of it carries them (core/image/media.ts).
 */
export type PictureSource = {
  src: string;
  width: number;
  height: number;
  crop?: CropArea | undefined;
  focus?: FocusPoint | undefined;
  imageSets?: PictureImageSets | undefined;
};

type UsageSpec = Omit<ImageSetRequest, 'src' | 'width' | 'height' | 'provider'> & {
  /** The box width in CSS pixels. */
  width: number;
  /** The box height; absent: the picture's own aspect ratio at `width`. */
  height?: number;
  /** One device for everyone (a picture read by other sites' crawlers), instead of the visitor's. */
  device?: ImageSetDevice;
};

/**
 * Every way a page shows a picture: the box, `sizes`, fit and background. Pages and the server share this
 * one table, so a loader can make (and, with `IMGPROXY_KEY`, sign) exactly the URLs the component will
 * write, and the browser never has to sign anything. A new kind of picture on a page is a new entry here.
 */
export const IMAGE_USAGES = {
  homeHero: { width: 720, height: 450, sizes: '(min-width: 1024px) 45vw, 100vw' },
  /** Project and publication cards in the three-column grids. */
  card: { width: 720, height: 450, sizes: '(min-width: 1280px) 33vw, (min-width: 768px) 50vw, 100vw' },
  projectHero: { width: 1360, height: 640, sizes: '(min-width: 1440px) 1360px, 100vw' },
  projectGallery: { width: 640, height: 420, sizes: '(min-width: 1024px) 31vw, (min-width: 640px) 46vw, 85vw' },
  /** A sales office's photo on its card (the contact page, a project's offices). */
  officePhoto: { width: 640, height: 400, sizes: '(min-width: 1280px) 30vw, (min-width: 768px) 45vw, 100vw' },
  progressPhoto: { width: 320, height: 220, sizes: '(min-width: 1024px) 25vw, 50vw' },
  /** A construction report's photographs, two to a row on wide screens (its page and the report cards). */
  progressReport: { width: 960, height: 600, sizes: '(min-width: 1024px) 50vw, 100vw' },
  compareSlider: { width: 1360, height: 850, sizes: '(min-width: 1440px) 1360px, 100vw' },
  genplan: { width: 1360, sizes: '(min-width: 1440px) 1360px, 100vw' },
  facade: { width: 480, sizes: '(min-width: 1024px) 480px, 100vw' },
  // The floor page's plan: the width on phones (the frame's padding aside), the wider column from 1024 px.
  floorPlan: { width: 960, fit: 'fit', background: 'ffffff', sizes: '(min-width: 1280px) 800px, (min-width: 1024px) 62vw, calc(100vw - 3.5rem)' },
  // The lot page's plan: most of the width on phones (the figure's padding aside), the wider column from 1024 px.
  lotPlan: { width: 880, height: 620, fit: 'fit', background: 'ffffff', sizes: '(min-width: 1280px) 740px, (min-width: 1024px) 55vw, calc(100vw - 4rem)' },
  lotFloorPosition: { width: 1200, fit: 'fit', background: 'ffffff', sizes: '(min-width: 1440px) 1300px, 100vw' },
  lotCard: { width: 360, height: 270, fit: 'fit', background: 'ffffff' },
  lotRow: { width: 72, height: 72, fit: 'fit', background: 'ffffff' },
  compareTable: { width: 200, height: 150, fit: 'fit', background: 'ffffff' },
  publication: { width: 1200, height: 675, sizes: '(min-width: 1440px) 900px, (min-width: 1024px) 65vw, 100vw' },
  /** A story's ring on the home page (phones). */
  storyRing: { width: 64, height: 64 },
  /**
   * A page's picture where it is shared (`og:image`, `twitter:image`): one JPEG at exactly the declared size, the same
   * for every visitor and every other site's crawler (no WebP, no macOS density).
   */
  share: { ...SHARE_IMAGE_SIZE, format: 'jpeg', device: SHARE_DEVICE },
} as const satisfies Record<string, UsageSpec>;

export type ImageUsageName = keyof typeof IMAGE_USAGES;

/** The URLs made on the server for one picture, by usage (only with signing on; see `pictureSigner`). */
export type PictureImageSets = Partial<Record<ImageUsageName, ImageSet>>;

/** The box a usage gives a picture: fixed, or the usage's width at the picture's own aspect ratio. */
export function usageBox(usage: ImageUsageName, picture: Pick<PictureSource, 'width' | 'height'>): { width: number; height: number } {
  const spec: UsageSpec = IMAGE_USAGES[usage];
  return { width: spec.width, height: spec.height ?? Math.round((spec.width * picture.height) / picture.width) };
}

/** What `buildImageSet` needs to draw `picture` as `usage`. */
export function usageRequest(usage: ImageUsageName, picture: PictureSource): ImageSetRequest {
  const { width: _width, height: _height, device: _device, ...rest } = IMAGE_USAGES[usage] as UsageSpec;
  return {
    ...rest,
    src: picture.src,
    ...usageBox(usage, picture),
    ...(picture.crop ? { crop: picture.crop } : {}),
    ...(picture.focus ? { position: picture.focus } : {}),
  };
}

/** Every URL `picture` needs as `usage` on `device`; with `build.sign`, signed. The same on server and browser. */
export function buildUsageSet(usage: ImageUsageName, picture: PictureSource, device: ImageSetDevice, build: BuildImageUrlOptions = {}): ImageSet {
  const spec: UsageSpec = IMAGE_USAGES[usage];
  return buildImageSet(usageRequest(usage, picture), spec.device ?? device, build);
}

/**
 * The absolute address of `picture` as the page's shared picture (`share`): its signed URL when its loader attached
 * one, else the same URL unsigned. The device plays no part (the usage has its own).
 */
export function shareImageUrl(picture: PictureSource, origin: string): string {
  return origin + (picture.imageSets?.share ?? buildUsageSet('share', picture, SHARE_DEVICE)).src;
}

/**
 * The picture with its signed URLs for `usages` attached (`imageSets`), for a loader to return. Without a
 * signer the picture is returned as it is: the component makes the same URLs itself, unsigned.
 */
export function withImageSets<P extends PictureSource>(
  picture: P,
  usages: readonly ImageUsageName[],
  device: ImageSetDevice,
  sign: BuildImageUrlOptions['sign'],
): P & Pick<PictureSource, 'imageSets'> {
  if (!sign) return picture;
  const sets: PictureImageSets = { ...picture.imageSets };
  for (const usage of usages) sets[usage] = buildUsageSet(usage, picture, device, { sign });
  return { ...picture, imageSets: sets };
}
