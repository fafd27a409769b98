import { z } from 'zod';
import { localizedText } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';
import { publicationFields, publicationSchedule, publicationWords } from '../publications.ts';

/** Promotions (`publications` of kind `promo`): a publication with a badge and a last day, at `/promo/{id}`. */
export const promo = defineKind({
  name: 'promo',
  schema: z.object({ ...publicationFields, badge: localizedText({ max: 20, optional: true }), endsAt: z.iso.date().nullable() }).check(publicationSchedule),
  titleField: 'title',
  listFields: ['publishedAt', 'endsAt', 'published', 'publishAt'],
  preview: true,
  publishing: true,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    { kind: 'Акции', fields: { ...publicationWords.ru, badge: 'Плашка', endsAt: 'Последний день акции' } },
    { kind: 'Promotions', fields: { ...publicationWords.en, badge: 'Badge', endsAt: 'Last day of the offer' } },
  ),
});
