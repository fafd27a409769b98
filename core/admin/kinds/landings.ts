import { z } from 'zod';
import { landingContentShape } from '#core/content/landing-schemas.ts';
import { LANDING_SLUG } from '#core/content/landings.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { safeText } from '#core/schemas/text.ts';
import { defineKind, kindWords, SERIAL } from '../kind.ts';

/** A landing's texts: each is written for its readers, so none may be left empty. */
const landingText = (max: number) => safeText().trim().min(1).max(max);
const landingContent = landingContentShape(landingText);

/**
 * A landing for foreign buyers in one language (`/{locale}/{slug}`): each version is written whole for its readers,
 * its content one structure with the API's answer (core/content/landing-schemas.ts), drawn as groups and lists.
 */
export const landings = defineKind({
  name: 'landings',
  schema: z.object({
    slug: safeText().max(64).regex(LANDING_SLUG, 'errors.slug'),
    locale: z.enum(LOCALES),
    published: z.boolean(),
    ...landingContent,
    description: landingContent.description.meta({ widget: 'textarea' }),
    guidance: landingContent.guidance.meta({ widget: 'textarea' }),
  }),
  titleField: 'title',
  listFields: ['slug', 'locale', 'published'],
  preview: false,
  publishing: true,
  key: SERIAL,
  creatable: true,
  words: kindWords(
    {
      kind: 'Лендинги для иностранных покупателей',
      fields: {
        locale: 'Язык версии',
        promise: 'Обещание перезвонить',
        kicker: 'Надзаголовок',
        points: 'Пункты',
        paragraphs: 'Абзацы',
        'steps.items': 'Шаги',
        'faq.items': 'Вопросы',
        question: 'Вопрос',
        answer: 'Ответ',
        steps: 'Шаги покупки',
        payment: 'Оплата из-за рубежа',
        signing: 'Подписание',
        taxes: 'Налоги',
        guidance: 'Оговорка: общие сведения, не юридическая консультация',
        faq: 'Вопросы и ответы',
        form: 'Форма заявки',
      },
      options: { 'locale.ru': 'Русский', 'locale.en': 'Английский', 'locale.zh': 'Китайский' },
    },
    {
      kind: 'Landings for foreign buyers',
      fields: {
        locale: 'Language of this version',
        promise: 'Call-back promise',
        kicker: 'Kicker (above the title)',
        points: 'Points',
        paragraphs: 'Paragraphs',
        'steps.items': 'Steps',
        'faq.items': 'Questions',
        question: 'Question',
        answer: 'Answer',
        steps: 'Purchase steps',
        payment: 'Paying from abroad',
        signing: 'Signing',
        taxes: 'Taxes',
        guidance: 'Note: general guidance, not legal advice',
        faq: 'Questions and answers',
        form: 'Lead form',
      },
      options: { 'locale.ru': 'Russian', 'locale.en': 'English', 'locale.zh': 'Chinese' },
    },
  ),
});
