import { z } from 'zod';
import { defineKind, kindWords, SERIAL } from '../kind.ts';
import { publicationFields, publicationSchedule, publicationWords } from '../publications.ts';

/** News (`publications` of kind `news`): published at `/news/{slug}`, previewed before. */
export const news = defineKind({
  name: 'news',
  schema: z.object(publicationFields).check(publicationSchedule),
  titleField: 'title',
  listFields: ['publishedAt', 'published', 'publishAt'],
  preview: true,
  publishing: true,
  key: SERIAL,
  creatable: true,
  words: kindWords({ kind: 'Новости', fields: { ...publicationWords.ru } }, { kind: 'News', fields: { ...publicationWords.en } }),
});
