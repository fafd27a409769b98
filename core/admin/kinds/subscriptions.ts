import { z } from 'zod';
import { SUBSCRIPTION_TOPICS } from '#core/validation/lead-forms.ts';
import { localizedText } from '../fields.ts';
import { defineKind, kindWords } from '../kind.ts';

/**
 * The subscription block's heading per topic (spec §3); a topic without a row, or a language left empty, says the
 * locale catalog's words.
 */
export const subscriptions = defineKind({
  name: 'subscriptions',
  schema: z.object({
    topic: z.enum(SUBSCRIPTION_TOPICS),
    title: localizedText({ max: 200 }),
    description: localizedText({ max: 600, multiline: true }),
  }),
  titleField: 'title',
  listFields: ['topic'],
  preview: false,
  publishing: false,
  key: { field: 'topic', pattern: new RegExp(`^(?:${SUBSCRIPTION_TOPICS.join('|')})$`), own: true },
  creatable: true,
  words: kindWords(
    {
      kind: 'Заголовки подписки',
      fields: { topic: 'Тема' },
      options: {
        default: 'Общая (новости и старты продаж)',
        project: 'Ход строительства проекта',
        children: 'Для детей',
        'topic.parking': 'Машино-места',
        'topic.pantry': 'Кладовые',
      },
    },
    {
      kind: 'Subscription headings',
      fields: { topic: 'Topic' },
      options: {
        default: 'General (news and sales launches)',
        project: "A project's construction",
        children: 'For children',
        'topic.parking': 'Parking spaces',
        'topic.pantry': 'Storage rooms',
      },
    },
  ),
});
