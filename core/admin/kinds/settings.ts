import { z } from 'zod';
import { LOCALES } from '#core/i18n/locales.ts';
import { SALES_CONTACTS } from '#core/content/sales-contacts.ts';
import { safeText } from '#core/schemas/text.ts';
import { localizedText } from '../fields.ts';
import { defineKind, kindWords } from '../kind.ts';

/** A messenger's id, or empty: not offered anywhere on the site. */
const messenger = (pattern: RegExp, message: string) =>
  safeText()
    .trim()
    .max(40)
    .refine((value) => value === '' || pattern.test(value), message);

/**
 * The site's settings the sales team promises by (`site_settings`, one row): the messengers it answers on and the
 * languages its managers speak. A page offers a messenger only when its id is set here, and a manager who speaks
 * a language only when the language is here (the landings for foreign buyers, the contacts, the contact dialog).
 * One item, changed only; the row's other columns (names, phones, links) come with the seed.
 */
export const settings = defineKind({
  name: 'settings',
  schema: z.object({
    companyName: localizedText({ max: 200 }),
    whatsapp: messenger(SALES_CONTACTS.whatsapp, 'errors.whatsappNumber'),
    telegram: messenger(SALES_CONTACTS.telegram, 'errors.telegramName'),
    wechat: messenger(SALES_CONTACTS.wechat, 'errors.wechatId'),
    salesLanguages: z
      .array(z.enum(LOCALES))
      .min(1, 'errors.salesLanguages')
      .refine((languages) => new Set(languages).size === languages.length, 'errors.salesLanguages'),
  }),
  titleField: 'companyName',
  listFields: ['salesLanguages'],
  preview: false,
  publishing: false,
  key: { field: 'id', pattern: /^1$/, own: true },
  creatable: false,
  deletable: false,
  words: kindWords(
    {
      kind: 'Настройки: мессенджеры и языки отдела продаж',
      fields: {
        companyName: 'Название компании',
        whatsapp: 'WhatsApp: номер в международном формате (пусто — не предлагать)',
        telegram: 'Telegram: имя пользователя без @ (пусто — не предлагать)',
        wechat: 'WeChat ID (пусто — не предлагать)',
        salesLanguages: 'Языки, на которых говорят менеджеры',
      },
      options: { 'salesLanguages.ru': 'Русский', 'salesLanguages.en': 'Английский', 'salesLanguages.zh': 'Китайский' },
      errors: {
        whatsappNumber: 'Номер в международном формате: + и от 8 до 15 цифр, например +74950001010.',
        telegramName: 'Имя пользователя Telegram: от 5 до 32 латинских букв, цифр и _, начиная с буквы.',
        wechatId: 'WeChat ID: от 6 до 20 латинских букв, цифр, _ и -, начиная с буквы.',
        salesLanguages: 'Отметьте хотя бы один язык, каждый один раз.',
      },
    },
    {
      kind: 'Settings: messengers and languages of the sales team',
      fields: {
        companyName: 'Company name',
        whatsapp: 'WhatsApp: number in international format (empty: not offered)',
        telegram: 'Telegram: user name without @ (empty: not offered)',
        wechat: 'WeChat ID (empty: not offered)',
        salesLanguages: 'Languages the managers speak',
      },
      options: { 'salesLanguages.ru': 'Russian', 'salesLanguages.en': 'English', 'salesLanguages.zh': 'Chinese' },
      errors: {
        whatsappNumber: 'A number in international format: + and 8 to 15 digits, e.g. +74950001010.',
        telegramName: 'A Telegram user name: 5 to 32 Latin letters, digits and _, starting with a letter.',
        wechatId: 'A WeChat ID: 6 to 20 Latin letters, digits, _ and -, starting with a letter.',
        salesLanguages: 'Tick at least one language, each once.',
      },
    },
  ),
});
