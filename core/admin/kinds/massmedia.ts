import { z } from 'zod';
import { localizedText } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';
import { publicationFields, publicationSchedule, publicationWords } from '../publications.ts';

/** Press mentions (`publications` of kind `massmedia`): a publication with its outlet and the article's address. */
export const massmedia = defineKind({
  name: 'massmedia',
  schema: z
    .object({
      ...publicationFields,
      sourceName: localizedText({ max: 120 }),
      sourceUrl: z.url({ protocol: /^https?$/ }).max(1000),
    })
    .check(publicationSchedule),
  titleField: 'title',
  listFields: ['publishedAt', 'published', 'publishAt'],
  preview: false,
  publishing: true,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    { kind: 'СМИ о нас', fields: { ...publicationWords.ru, sourceName: 'Издание', sourceUrl: 'Адрес статьи' } },
    { kind: 'Press', fields: { ...publicationWords.en, sourceName: 'Outlet', sourceUrl: 'Article address' } },
  ),
});
