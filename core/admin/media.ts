/**
 * The media library's contract (issue #42, ADR 041), shared by its API (server/modules/media/) and its screens
 * (app/routes/admin/media*.tsx): the kinds of pictures, and the checks of a picture's description and of a search.
 */
import { z } from 'zod';
import { localizedText } from './fields.ts';

/** What a picture is, to filter the library by: a photograph, a render, a plan, a scanned document, a logo. */
export const MEDIA_KINDS = ['photo', 'render', 'plan', 'document', 'logo'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Fractions of the picture's sides, four decimals at most (a ten-thousandth is under a pixel of any picture shown). */
const fraction = z
  .number()
  .min(0)
  .max(1)
  .transform((n) => Math.round(n * 10_000) / 10_000);

export const focusPoint = z.object({ x: fraction, y: fraction }).strict();

/** A crop rectangle: left, top, width and height as fractions, lying inside the picture and not empty. */
export const mediaCrop = z
  .object({ x: fraction, y: fraction, width: fraction, height: fraction })
  .strict()
  .refine((c) => c.width >= 0.01 && c.height >= 0.01, { message: 'errors.cropEmpty', path: ['width'] })
  .refine((c) => c.x + c.width <= 1.0001 && c.y + c.height <= 1.0001, { message: 'errors.cropOutside', path: ['width'] });

/** What an editor changes of a picture (the file apart): its kind, its name, its alt text, its look. */
export const mediaDetails = z
  .object({
    kind: z.enum(MEDIA_KINDS),
    fileName: z.string().trim().min(1).max(200),
    alt: localizedText({ max: 300, optional: true }),
    focus: focusPoint.nullable(),
    crop: mediaCrop.nullable(),
  })
  .strict();
export type MediaDetails = z.infer<typeof mediaDetails>;

/** A search of the library: words in a file name or an alt text (any language), a kind, a page. */
export const mediaQuery = z.object({
  q: z.string().trim().max(100).optional().describe('Words found in the file name or in the alt text of any language.'),
  kind: z.enum(MEDIA_KINDS).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type MediaQuery = z.infer<typeof mediaQuery>;

/** One picture as the library keeps it. */
export type MediaRecord = {
  id: number;
  kind: MediaKind;
  src: string;
  width: number;
  height: number;
  type: string | null;
  bytes: number | null;
  fileName: string;
  alt: { ru: string; en: string; zh: string };
  focus: { x: number; y: number } | null;
  crop: { x: number; y: number; width: number; height: number } | null;
  version: number;
  /** When it last changed: the version a change must name (a later one is a 409). */
  updatedAt: string;
};

/**
 * A picture's alt text in the interface's language (`ru`, `en`, `zh`), Russian where that translation is empty or the
 * language is not one of the three: what the library's list and the picker show under each picture.
 */
export const mediaAlt = (alt: MediaRecord['alt'], locale: string | undefined): string => (locale === 'en' || locale === 'zh' ? alt[locale] : '') || alt.ru;

/** A picture with a small version's URL (signed when the proxy has a key), for the screens. */
export type MediaItem = MediaRecord & { thumbnail: string };

/** An item using a picture: its kind of content, its number, its title, where it is edited. */
export type MediaUse = { kind: string; id: string; title: string; field: string; href: string };
