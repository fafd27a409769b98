import { pick } from '../i18n/pick.ts';
import type { Locale } from '../i18n/locales.ts';
import type { Localized } from '../i18n/localized.ts';
import type { CropArea, FocusPoint } from './types.ts';

/** A crop rectangle as the media library keeps it: its left, top, width and height, each a fraction of the picture's. */
export type MediaCrop = { x: number; y: number; width: number; height: number };

/** How a library picture is shown wherever it is used: the area kept (or all of it) and the point kept in view. */
export type MediaLook = { crop: MediaCrop | null; focus: FocusPoint | null };

/** Four decimals: a ten-thousandth of the side is under a pixel for any picture we show, and URLs stay short. */
const round = (n: number) => Math.round(n * 10_000) / 10_000;
const clamp = (n: number) => Math.min(1, Math.max(0, n));

/**
 * A picture with its library look, for the image URLs (core/image/usages.ts): the crop becomes imgproxy's
 * `c:{w}:{h}:fp:{cx}:{cy}` (the area's size as fractions, its centre as a focus point: exact, as the area lies inside
 * the picture), the focus point becomes `g:fp:x:y` measured in the area, and `width`/`height` become the area's, so
 * boxes that follow the picture's aspect follow the crop. Without a look the picture is returned as it is.
 */
export function withMediaLook<P extends { src: string; width: number; height: number }>(
  picture: P,
  look: MediaLook | null,
): P & { crop?: CropArea; focus?: FocusPoint } {
  if (!look || (!look.crop && !look.focus)) return picture;
  const c = look.crop && (look.crop.width < 1 || look.crop.height < 1) ? look.crop : null;
  const area = c ?? { x: 0, y: 0, width: 1, height: 1 };
  const out: P & { crop?: CropArea; focus?: FocusPoint } = { ...picture };
  if (c) {
    out.width = Math.max(1, Math.round(picture.width * c.width));
    out.height = Math.max(1, Math.round(picture.height * c.height));
    // A side kept whole is 0 (imgproxy's "the whole side"): 1 would mean one pixel.
    const side = (n: number) => (n >= 1 ? 0 : round(n));
    out.crop = { width: side(c.width), height: side(c.height), gravity: { x: round(clamp(c.x + c.width / 2)), y: round(clamp(c.y + c.height / 2)) } };
  }
  if (look.focus) out.focus = { x: round(clamp((look.focus.x - area.x) / area.width)), y: round(clamp((look.focus.y - area.y) / area.height)) };
  return out;
}

/** A library picture's description and look, as a page's data reads them beside an item's copy of its path and size. */
export type LibraryLook = MediaLook & { alt: Localized };

/**
 * An item's picture as a page shows it: its look (crop, focus point) and the library's alt text in the page's language
 * (Russian where the translation is empty, as every text of the site), else `fallback` (an item-level description, or
 * its title, as before the library).
 */
export function libraryPicture(
  picture: { src: string; width: number; height: number },
  look: LibraryLook | null | undefined,
  locale: Locale,
  fallback: string,
): { src: string; width: number; height: number; alt: string; crop?: CropArea; focus?: FocusPoint } {
  const alt = look ? pick(look.alt, locale).trim() : '';
  return { ...withMediaLook(picture, look ?? null), alt: alt || fallback };
}

/**
 * A picture whose item has a description of its own (a slide's, a story's): that description in the page's language
 * where it has one, else the library's. The item's own wins: its form asked for it.
 */
export function described<P extends { alt: string }>(picture: P, own: Localized | null, locale: Locale): P {
  const text = own ? pick(own, locale).trim() : '';
  return text ? { ...picture, alt: text } : picture;
}
