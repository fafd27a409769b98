import { z } from 'zod';
import { safeText } from '#core/schemas/text.ts';
import { localizedText } from '../fields.ts';
import { defineKind, kindWords } from '../kind.ts';

/** A block said in some languages only: an empty title is "not in this language". */
const languageBlock = () =>
  z.object({ title: localizedText({ max: 200, optional: true }), description: localizedText({ max: 1000, multiline: true, optional: true }) });

/**
 * The home page's texts (`content_blocks`, key `home`; core/content/home.ts): the first screen's words, the
 * selector's heading, the advantages, the key indicators, and the two blocks said in some languages only (the
 * residents' app in Russian, English-speaking managers in English and Chinese). One item, changed only.
 */
export const home = defineKind({
  name: 'home',
  schema: z.object({
    hero: z.object({
      title: localizedText({ max: 200 }),
      subtitle: localizedText({ max: 1000, multiline: true }),
      cta: localizedText({ max: 60 }),
      imageAlt: localizedText({ max: 300 }),
    }),
    selector: z.object({ title: localizedText({ max: 200 }), lead: localizedText({ max: 600, multiline: true }) }),
    advantages: z.array(z.object({ title: localizedText({ max: 200 }), description: localizedText({ max: 1000, multiline: true }) })).max(12),
    indicators: z.array(z.object({ value: safeText().trim().min(1).max(40), label: localizedText({ max: 200 }) })).max(12),
    app: languageBlock(),
    englishManagers: languageBlock(),
  }),
  titleField: 'hero',
  listFields: [],
  preview: false,
  publishing: false,
  key: { field: 'key', pattern: /^home$/, own: true },
  creatable: false,
  deletable: false,
  words: kindWords(
    {
      kind: 'Главная: тексты блоков',
      fields: {
        'hero.subtitle': 'Подзаголовок',
        'hero.cta': 'Надпись кнопки',
        'hero.imageAlt': 'Описание изображения',
        selector: 'Подбор квартиры',
        'selector.lead': 'Вводный текст',
        advantages: 'Преимущества',
        indicators: 'Ключевые показатели',
        'indicators.value': 'Число',
        'indicators.label': 'Подпись',
        app: 'Приложение для жителей (только по-русски)',
        englishManagers: 'Англоговорящие менеджеры (только en и zh)',
      },
    },
    {
      kind: 'Home page: block texts',
      fields: {
        'hero.subtitle': 'Subtitle',
        'hero.cta': 'Button label',
        'hero.imageAlt': 'Picture description',
        selector: 'Flat selector',
        'selector.lead': 'Introduction',
        advantages: 'Advantages',
        indicators: 'Key figures',
        'indicators.value': 'Figure',
        'indicators.label': 'Caption',
        app: "Residents' app (Russian only)",
        englishManagers: 'English-speaking managers (en and zh only)',
      },
    },
  ),
});
