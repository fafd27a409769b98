import { pages as table } from '../../../../db/schema/index.ts';
import { localizedHtml, pick, type Binding } from '../binding.ts';

const fields = ['slug', 'template', 'title', 'description', 'body', 'published'] as const;

/** Slug pages (`pages`), at `/{slug}`: their body is rich text, cleaned on its way in. */
export const pages: Binding = {
  table,
  key: table.id,
  scope: null,
  toValues: (row) => pick(row, fields),
  toRow: (values) => ({ ...pick(values, fields), body: localizedHtml(values.body), updatedAt: new Date() }),
  publicPath: (row) => `/${String(row.slug)}`,
  publicSlug: table.slug,
  unique: 'slug',
};
