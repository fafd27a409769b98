/**
 * The building blocks of the back office's content descriptions (core/admin/kinds/): zod schemas with a
 * `widget` in their metadata, so one schema validates on the server and tells the form which input to draw
 * (core/admin/form.ts reads it through zod's JSON Schema).
 */
import { z } from 'zod';
import { RICH_TEXT_MAX_LENGTH } from '../content/rich-text.ts';
import { idNumber } from '../schemas/id.ts';
import { safeText } from '../schemas/text.ts';

export type Widget = 'localized' | 'image' | 'reference' | 'references' | 'textarea' | 'json' | 'list' | 'week' | 'day';

/** The largest picture an editor may upload (server/modules/content/editor/media.ts refuses more before reading it). */
export const UPLOAD_MAX_MB = 10;

/** A media path the upload gave (`uploads/ab/abcdef….webp`) or a demo/catalogue picture. */
export const MEDIA_PATH = /^[a-z0-9][a-z0-9/_.-]{0,254}$/;

/**
 * A text in the three languages, edited side by side. Russian (the source language) is required; an empty
 * translation is allowed — the public site falls back to Russian — and the form flags it as missing.
 */
export function localizedText(opts: { max: number; multiline?: boolean; optional?: boolean }) {
  const text = () => safeText().trim().max(opts.max);
  return z
    .object({ ru: opts.optional ? text() : text().min(1), en: text(), zh: text() })
    .meta({ widget: 'localized', input: opts.multiline ? 'textarea' : 'text' });
}

/** Rich text (HTML) in the three languages; the server keeps only the allowed elements (server/modules/content/sanitize.ts). */
export function localizedRichText() {
  const html = () => safeText().max(RICH_TEXT_MAX_LENGTH);
  return z.object({ ru: html(), en: html(), zh: html() }).meta({ widget: 'localized', input: 'richtext' });
}

/**
 * A picture of the media library: its number there (`mediaId`), and its path and intrinsic size (the library's, which
 * the server copies again on every save; an item saved with a path alone gets the library's row for it).
 */
export function imageRef() {
  return z
    .object({
      src: z.string().regex(MEDIA_PATH),
      width: z.number().int().min(1).max(20_000),
      height: z.number().int().min(1).max(20_000),
      mediaId: z.number().int().positive().max(2_147_483_647).optional(),
    })
    .meta({ widget: 'image' });
}

/** Where a reference field's choices come from (`/api/admin/content/options/{source}/`: all of them, with the form). */
export const REFERENCE_SOURCES = ['projects', 'menus', 'banks'] as const;
/**
 * Choices too many to list (the catalogue's lots and buildings): the form's picker searches them as the editor types
 * (`/api/admin/content/options/{source}/search/?q=`) and names the chosen ones by their values (`?ids=`), issue #42.
 */
export const SEARCH_SOURCES = ['lots', 'buildings'] as const;
/** How many chosen values one `?ids=` names at most: a picker with more asks in groups of this many. */
export const CHOICE_IDS_MAX = 200;
export type SearchSource = (typeof SEARCH_SOURCES)[number];
export type ReferenceSource = (typeof REFERENCE_SOURCES)[number] | SearchSource;
/** Whether a source's choices are searched, not listed with the form. */
export const isSearchSource = (source: string): source is SearchSource => (SEARCH_SOURCES as readonly string[]).includes(source);

/** The id of a row of another table, chosen from a list the server gives with the form (`source`). */
export function reference(source: ReferenceSource) {
  return idNumber().nullable().meta({ widget: 'reference', source });
}

/** A row of another table named by its text code (a bank's `id`), chosen by its name from the list the server gives. */
export function codeReference<T extends z.ZodType>(source: ReferenceSource, code: T) {
  return code.meta({ widget: 'reference', source });
}

/**
 * A building of the project another field of the item names (`projectField`, a window view's `projectId`), kept as its
 * number in that project; the form offers that project's buildings by their names (`?project=` of the buildings'
 * search) once the project is chosen.
 */
export function buildingOf(projectField: string) {
  return z.number().int().min(1).max(999).meta({ widget: 'reference', source: 'buildings', scope: projectField });
}

/**
 * Rows of another table named by their codes (a programme's projects), each chosen by its name; from a searched
 * source (`lots`, `buildings`) each is found by typing part of its name or number and shown as a removable chip.
 */
export function codeReferences<T extends z.ZodType>(source: ReferenceSource, codes: T) {
  return codes.meta({ widget: 'references', source });
}

/**
 * Ids of rows of another table, each at most once, chosen among the labelled choices the server gives with the form
 * (`source`), in the order they were chosen (an office's projects). Whether each exists is the server's check.
 */
export function references(source: ReferenceSource, max: number) {
  return z
    .array(idNumber())
    .max(max)
    .refine((ids) => new Set(ids).size === ids.length, 'errors.repeatedChoice')
    .meta({ widget: 'references', source });
}

/** A longer plain text (a description). */
export function longText(max: number) {
  return safeText().trim().max(max).meta({ widget: 'textarea' });
}
