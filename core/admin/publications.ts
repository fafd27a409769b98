/**
 * What promotions, news and press mentions share (the `publications` table): their fields and those fields' words,
 * spread into each of the three kinds (core/admin/kinds/news.ts, promo.ts, massmedia.ts).
 */
import { z } from 'zod';
import { LOT_TYPES } from '../catalogue/types.ts';
import { moment, slug } from './common-fields.ts';
import { imageRef, localizedRichText, localizedText, reference } from './fields.ts';

export const publicationFields = {
  slug,
  title: localizedText({ max: 200 }),
  lead: localizedText({ max: 600, multiline: true }),
  body: localizedRichText(),
  image: imageRef(),
  projectId: reference('projects'),
  realtyTypes: z.array(z.enum(LOT_TYPES)),
  publishedAt: z.iso.date(),
  published: z.boolean(),
  publishAt: moment,
  // Optional in what is sent (an item saved before it existed, an import): null, it stays.
  unpublishAt: moment.default(null),
};

/**
 * The schedule's own rule (issue #42): an item taken off the site after it is shown, not before. Named on
 * `unpublishAt` with a catalog key, so the form says it next to the field in the editor's language.
 */
export function publicationSchedule(payload: { value: Record<string, unknown>; issues: z.core.$ZodRawIssue[] }): void {
  const { publishAt, unpublishAt } = payload.value;
  if (typeof publishAt !== 'string' || typeof unpublishAt !== 'string') return;
  if (Date.parse(unpublishAt) <= Date.parse(publishAt))
    payload.issues.push({ code: 'custom', path: ['unpublishAt'], message: 'errors.unpublishBeforePublish', input: payload.value });
}

/** The words of the publications' own fields (the others are the catalog's common words). */
export const publicationWords = {
  ru: {
    realtyTypes: 'Виды помещений',
    publishedAt: 'Дата публикации',
    publishAt: 'Показать на сайте с (запланировать)',
    unpublishAt: 'Снять с сайта в (запланировать)',
  },
  en: {
    realtyTypes: 'Kinds of premises',
    publishedAt: 'Publication date',
    publishAt: 'Show on the site from (schedule)',
    unpublishAt: 'Take off the site at (schedule)',
  },
};
