import { z } from 'zod';
import { sitePath } from '../common-fields.ts';
import { localizedText } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/** A page's title and description for search engines, by its address. */
export const seo = defineKind({
  name: 'seo',
  schema: z.object({ url: sitePath, title: localizedText({ max: 200 }), description: localizedText({ max: 400, multiline: true }) }),
  titleField: 'url',
  listFields: ['title'],
  preview: false,
  publishing: false,
  key: SERIAL,
  creatable: true,
  words: kindWords({ kind: 'SEO-метаданные страниц' }, { kind: 'SEO meta per page' }),
});
