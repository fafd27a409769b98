import { inArray } from 'drizzle-orm';
import { PARAGRAPH_BREAK } from '#core/admin/kinds/collections.ts';
import type { Localized } from '#core/schemas/localized.ts';
import { customCollections, lots } from '../../../../db/schema/index.ts';
import { pick, type Binding } from '../binding.ts';

const fields = ['slug', 'title', 'description', 'position', 'published'] as const;
type Paragraphs = { ru: string[]; en: string[]; zh: string[] };

const paragraphs = (text: string) =>
  text
    .split(PARAGRAPH_BREAK)
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * Curated collections (`custom_collections`), at `/{slug}`. The introduction is edited as one text per language, a
 * paragraph per block; the saved filter as its query.
 */
export const collections: Binding = {
  table: customCollections,
  key: customCollections.id,
  scope: null,
  toValues: (row) => {
    const intro = row.intro as Paragraphs;
    return {
      ...pick(row, fields),
      intro: { ru: intro.ru.join('\n\n'), en: intro.en.join('\n\n'), zh: intro.zh.join('\n\n') },
      query: row.query ?? null,
      lotIds: row.lotIds ?? [],
    };
  },
  toRow: (values) => {
    const intro = values.intro as Localized;
    const query = ((values.query as string | null) ?? '').trim().replace(/^\?/, '');
    const lotIds = values.lotIds as string[];
    return {
      ...pick(values, fields),
      intro: { ru: paragraphs(intro.ru), en: paragraphs(intro.en), zh: paragraphs(intro.zh) },
      query: query || null,
      lotIds: lotIds.length ? lotIds : null,
      updatedAt: new Date(),
    };
  },
  publicPath: (row) => `/${String(row.slug)}`,
  publicSlug: customCollections.slug,
  unique: 'slug',
  // A curator's lots are the catalogue's: a number it does not have is named, not kept silently empty.
  refuse: async (tx, _id, values) => {
    const ids = ((values?.lotIds as string[] | undefined) ?? []).map(Number);
    if (!ids.length) return null;
    const found = new Set((await tx.select({ id: lots.id }).from(lots).where(inArray(lots.id, ids))).map((l) => l.id));
    return ids.every((id) => found.has(id)) ? null : { field: 'lotIds', message: 'unknownLots' };
  },
};
