import { LANDING_CONTENT_FIELDS } from '#core/content/landing-schemas.ts';
import { multilingualLandings } from '../../../../db/schema/index.ts';
import { pick, type Binding } from '../binding.ts';

/** Landings for foreign buyers (`multilingual_landings`), one row per language version, at `/{slug}`. */
export const landings: Binding = {
  table: multilingualLandings,
  key: multilingualLandings.id,
  scope: null,
  // The content is one language's, whole (one JSON column): its parts are the form's fields.
  toValues: (row) => ({ ...pick(row, ['slug', 'locale', 'published']), ...(row.content as object) }),
  toRow: (values) => ({ ...pick(values, ['slug', 'locale', 'published']), content: pick(values, LANDING_CONTENT_FIELDS), updatedAt: new Date() }),
  publicPath: (row) => `/${String(row.slug)}`,
  publicSlug: multilingualLandings.slug,
  // One version per language: a second of the same language is the duplicate.
  unique: 'locale',
};
