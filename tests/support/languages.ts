import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';

/** The three languages as the tests visit them: path prefix, the browser's locale and the catalog. */
export const LANGS = [
  { lang: 'ru', prefix: '', locale: 'ru-RU', m: ru },
  { lang: 'en', prefix: '/en', locale: 'en-GB', m: en },
  { lang: 'zh', prefix: '/zh', locale: 'zh-CN', m: zh },
] as const;

/** A catalog message with its `{name}` placeholders filled in: the site's own interpolator. */
export { formatMessage as fill } from '#core/i18n/message-format.ts';
