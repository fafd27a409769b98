/**
 * The back office's content-editing catalog, as its pages read it: the shared words of the text system's admin
 * catalog (core/i18n/catalogs/admin/content-{ru,en}.ts) with every kind's own words (core/admin/kinds/<kind>.ts,
 * `words`) merged in, so `kinds`, `fields`, `options`, `errors` and `errors.shared` hold every kind's. It is one map
 * per part: a field's label is its name's (or its path's), whatever the kind, so two kinds that name a field alike
 * say it alike (core/admin/messages.test.ts). None of it travels to a visitor's browser.
 */
import en from '#core/i18n/catalogs/admin/content-en.ts';
import ru, { type AdminContentWords } from '#core/i18n/catalogs/admin/content-ru.ts';
import { formatMessage } from '#core/i18n/message-format.ts';
import type { KindWords } from './kind.ts';
import type { ContentKindName } from './kinds.ts';
import { KINDS } from './kinds/index.ts';
import type { AdminLocale } from './roles.ts';

type SharedMessages = AdminContentWords;

/** The keys of the kinds' own messages (`errors.cardLink`), which their schemas and bindings name. */
type ErrorsOf<Kind> = Kind extends { words: { ru: { errors?: infer Errors } } } ? keyof NonNullable<Errors> & string : never;
export type KindErrorKey = ErrorsOf<(typeof KINDS)[number]>;

export type AdminContentMessages = Omit<SharedMessages, 'errors'> & {
  kinds: Record<ContentKindName, string>;
  errors: SharedMessages['errors'] & Record<KindErrorKey, string> & { shared: Record<string, string> };
};

/**
 * The shared words with every kind's own merged in. The shared words are laid last, so a kind that said one of their
 * keys otherwise would not be heard: core/admin/messages.test.ts finds any key said two ways.
 */
function withKinds(locale: AdminLocale, shared: SharedMessages): AdminContentMessages {
  const words: KindWords[] = KINDS.map((kind) => kind.words[locale]);
  const merged = (part: (w: KindWords) => Record<string, string> | undefined) => Object.assign({}, ...words.map(part)) as Record<string, string>;
  return {
    ...shared,
    kinds: Object.fromEntries(KINDS.map((kind) => [kind.name, kind.words[locale].kind])) as Record<ContentKindName, string>,
    fields: { ...merged((w) => w.fields), ...shared.fields },
    options: { ...merged((w) => w.options), ...shared.options },
    errors: { ...(merged((w) => w.errors) as Record<KindErrorKey, string>), ...shared.errors, shared: merged((w) => w.shared) },
  };
}

export const ADMIN_CONTENT_MESSAGES: Record<AdminLocale, AdminContentMessages> = { ru: withKinds('ru', ru), en: withKinds('en', en) };

/** The words of a choice: the field's own (`menu.mortgage`) where one value means different things in two fields, else the value's. */
export function optionWord(messages: AdminContentMessages, field: string, value: string): string {
  return messages.options[`${field}.${value}`] ?? messages.options[value] ?? value;
}

/** `{name}` placeholders filled in, by the site's interpolator. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return formatMessage(text, params);
}
