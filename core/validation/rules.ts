import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import type { ValidationCode } from './messages.ts';

export { findUnsafeCharacter, type UnsafeCharacter } from './characters.ts';

/**
 * Field rules shared by every lead form, in the browser and on the server. Each returns the first
 * code that applies (the visitor fixes one thing at a time) or null.
 */

export const LIMITS = { name: 60, email: 254, phone: 32, comment: 1000, company: 150, text: 200, url: 2048 } as const;

const CYRILLIC = /[\u0400-\u04FF]/;
const LATIN = /[A-Za-z]/;
// Letters of any script with their combining marks, and the separators real names have: "Анна-Мария", "O'Neil", "J. R.".
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}\s.'’-]*$/u;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Both Cyrillic and Latin letters in one value: typed half in the wrong layout ("Ивaн" with a Latin "a"). */
export function hasMixedLayout(value: string): boolean {
  return CYRILLIC.test(value) && LATIN.test(value);
}

export function checkName(raw: string, max: number = LIMITS.name): ValidationCode | null {
  const value = raw.trim();
  if (!value) return 'required';
  if (value.length > max) return 'tooLong';
  if (!NAME.test(value)) return 'lettersOnly';
  if (hasMixedLayout(value)) return 'mixedLayout';
  return null;
}

export function checkEmail(raw: string, required: boolean): ValidationCode | null {
  const value = raw.trim();
  if (!value) return required ? 'required' : null;
  if (value.length > LIMITS.email) return 'tooLong';
  if (hasMixedLayout(value)) return 'mixedLayout';
  if (!EMAIL.test(value)) return 'email';
  return null;
}

/** Free text (comment, company): only its length is ruled. */
export function checkText(raw: string, max: number, required = false): ValidationCode | null {
  const value = raw.trim();
  if (!value) return required ? 'required' : null;
  return value.length > max ? 'tooLong' : null;
}

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'RU';

export type PhoneCheck = { ok: true; e164: string; international: string } | { ok: false; code: ValidationCode };

/**
 * International numbers are validated and normalised to E.164; a number without a country code is read as
 * Russian (the developer's market), so "8 916 123-45-67" becomes +79161234567.
 */
export function checkPhone(raw: string, required = true): PhoneCheck | null {
  const value = raw.trim();
  if (!value) return required ? { ok: false, code: 'required' } : null;
  if (value.length > LIMITS.phone) return { ok: false, code: 'tooLong' };
  if (/[^\d\s()+\-.]/.test(value)) return { ok: false, code: 'phone' };
  const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY);
  if (!parsed || !parsed.isValid()) return { ok: false, code: 'phone' };
  return { ok: true, e164: parsed.number, international: parsed.formatInternational() };
}

/** Checkbox values as browsers post them ("on") and as JSON sends them (true). */
export function isTicked(value: unknown): boolean {
  return value === true || value === 'on' || value === 'true' || value === '1' || value === 1;
}
