import { z } from 'zod';
import { PAGE_SLUG, PAGE_TEMPLATES } from '#core/content/pages.ts';
import { safeText } from '#core/schemas/text.ts';
import { localizedRichText, localizedText } from '../fields.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/**
 * Policy pages, the agents' and partners' pages, disclosure…: a page at `/{slug}`; the template adds its booking form
 * (agents, partners) or boxes the text (disclosure).
 */
export const pages = defineKind({
  name: 'pages',
  schema: z.object({
    slug: safeText().max(200).regex(PAGE_SLUG, 'errors.pageSlug'),
    template: z.enum(PAGE_TEMPLATES),
    title: localizedText({ max: 200 }),
    description: localizedText({ max: 400, multiline: true }),
    body: localizedRichText(),
    published: z.boolean(),
  }),
  titleField: 'title',
  listFields: ['slug', 'template', 'published'],
  preview: true,
  publishing: true,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    {
      kind: 'Страницы (политики, агентам, партнёрам, раскрытие информации…)',
      fields: { template: 'Шаблон страницы' },
      options: {
        'template.text': 'Текст',
        'template.disclosure': 'Раскрытие информации (текст в рамке)',
        'template.agents': 'Агентам (с записью на брокер-тур)',
        'template.partners': 'Партнёрам (с записью на встречу)',
      },
      errors: { pageSlug: 'Строчные латинские буквы, цифры, «-» и «_»; части адреса — через «/» (purchase/mortgage).' },
    },
    {
      kind: 'Pages (policies, agents, partners, disclosure…)',
      fields: { template: 'Page template' },
      options: {
        'template.text': 'Text',
        'template.disclosure': 'Information disclosure (text in a box)',
        'template.agents': 'Agents (with broker-tour booking)',
        'template.partners': 'Partners (with meeting booking)',
      },
      errors: { pageSlug: 'Lower-case Latin letters, digits, "-" and "_"; parts of the address separated by "/" (purchase/mortgage).' },
    },
  ),
});
