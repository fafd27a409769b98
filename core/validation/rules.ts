import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import type { ValidationCode } from './messages.ts';

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

export type UnsafeCharacter = { kind: 'nul' | 'surrogate'; codePoint: number; index: number };

/**
 * The first character no text field takes, or null: NUL (PostgreSQL text cannot hold it) and half of a
 * UTF-16 pair without its other half (half an emoji, cut by a broken client or a fuzzer), which no UTF-8
 * text can hold. No person types either; refusing them here names the field instead of failing in the
 * database. A plain loop, not a lookbehind regex: this file runs in older browsers too.
 */
export function findUnsafeCharacter(value: string): UnsafeCharacter | null {
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index);
    if (unit === 0) return { kind: 'nul', codePoint: 0, index };
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
    }
    return { kind: 'surrogate', codePoint: unit, index };
  }
  return null;
}

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
