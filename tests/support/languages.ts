import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';

/** The three languages as the tests visit them: path prefix, the browser's locale and the catalog. */
export const LANGS = [
  { lang: 'ru', prefix: '', locale: 'ru-RU', m: ru },
  { lang: 'en', prefix: '/en', locale: 'en-GB', m: en },
  { lang: 'zh', prefix: '/zh', locale: 'zh-CN', m: zh },
] as const;

/** A catalog message with its `{name}` placeholders filled in. */
export const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
