import { eq } from 'drizzle-orm';
import type { PublicationKind } from '#core/content/publications.ts';
import { publications } from '../../../db/schema/index.ts';
import { localizedHtml, pick, type Binding, type Picture } from './binding.ts';
import { mediaIdOf, pictureValue } from './picture.ts';

/**
 * News, promotions and press mentions share the `publications` table (scoped by its `kind`): the fields they share,
 * and a kind's `extra` columns (a promotion's badge and last day, a mention's outlet and address).
 */
export function publicationBinding(kind: PublicationKind, extra: readonly string[]): Binding {
  const common = ['slug', 'title', 'lead', 'body', 'projectId', 'realtyTypes', 'publishedAt', 'published', 'publishAt', 'unpublishAt'] as const;
  const empty = { ru: '', en: '', zh: '' };
  return {
    table: publications,
    key: publications.id,
    scope: eq(publications.kind, kind),
    toValues: (row) => ({
      ...pick(row, [...common, ...extra]),
      ...(extra.includes('badge') ? { badge: row.badge ?? empty } : {}),
      ...(extra.includes('sourceName') ? { sourceName: row.sourceName ?? empty, sourceUrl: row.sourceUrl ?? '' } : {}),
      publishAt: row.publishAt ? new Date(row.publishAt as string).toISOString() : null,
      unpublishAt: row.unpublishAt ? new Date(row.unpublishAt as string).toISOString() : null,
      image: pictureValue(row.image, row.imageWidth, row.imageHeight, row.imageMediaId),
    }),
    toRow: (values) => {
      const image = values.image as Picture;
      return {
        ...pick(values, [...common, ...extra]),
        kind,
        body: localizedHtml(values.body),
        image: image.src,
        imageWidth: image.width,
        imageHeight: image.height,
        imageMediaId: mediaIdOf(image),
        updatedAt: new Date(),
      };
    },
    publicPath: (row) => (kind === 'promo' ? `/promo/${String(row.id)}` : kind === 'news' ? `/news/${String(row.slug)}` : null),
  };
}
