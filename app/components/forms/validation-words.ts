import type { MessageKey } from '#app/lib/i18n.tsx';

/**
 * The message naming a failed check (`forms.validation.*`): loaded with the schemas that find the failure, not in the
 * page's first load, so a document's hydration data does not carry every check's words (ADR 043); the schemas come
 * with the later messages, which hold them.
 */
export const validationKey = (code: string) => `forms.validation.${code}` as MessageKey;
