import { z } from 'zod';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import type { AdminLocale } from '#core/admin/roles.ts';

/** zod's own messages in the admin's language (zod ships both), for the checks a description words no message of its own. */
const ZOD_LOCALES = { ru: z.locales.ru(), en: z.locales.en() } as const;

/**
 * Field → messages in the admin's language: a description's own message is a key of the admin catalog
 * (`errors.sitePath`), anything else is zod's message in that language.
 */
export function validate(
  schema: z.ZodType,
  values: unknown,
  locale: AdminLocale,
): { ok: true; data: Record<string, unknown> } | { ok: false; errors: Record<string, string[]> } {
  const parsed = schema.safeParse(values, { error: ZOD_LOCALES[locale].localeError });
  if (parsed.success) return { ok: true, data: parsed.data as Record<string, unknown> };
  const errors = new Map<string, string[]>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => (field === 'non_field_errors' ? k : `${field}.${k}`)) : [field];
    const words = ADMIN_CONTENT_MESSAGES[locale].errors;
    const message = issue.message.startsWith('errors.') ? translateError(issue.message, locale) : (words.shared[issue.message] ?? issue.message);
    for (const key of keys) errors.set(key, [...(errors.get(key) ?? []), message]);
  }
  return { ok: false, errors: Object.fromEntries(errors) };
}

function translateError(key: string, locale: AdminLocale): string {
  const text = (ADMIN_CONTENT_MESSAGES[locale].errors as Record<string, unknown>)[key.slice('errors.'.length)];
  return typeof text === 'string' ? text : key;
}
