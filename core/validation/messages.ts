import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { formatMessage, type MessageParams } from '#core/i18n/message-format.ts';

/**
 * Why a field was refused. Schemas carry these codes as their issue messages; the texts are the catalogs'
 * `forms.validation` (core/i18n), so the browser and the server show the same words for the same rule.
 */
export const VALIDATION_CODES = [
  'required',
  'lettersOnly',
  'tooLong',
  'mixedLayout',
  'consent',
  'phone',
  'email',
  'choice',
  'slotTaken',
  'officeClosed',
  'officeBreak',
  'outsideHours',
  'slotPast',
  'captcha',
  'invalid',
  'characters',
  'bidTooLow',
  'bidTooHigh',
  'auctionNotStarted',
  'auctionEnded',
  'lotUnavailable',
  'refundWindowClosed',
  'tooManyHolds',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

export function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && (VALIDATION_CODES as readonly string[]).includes(value);
}

/**
 * The text for a code in the visitor's language (the catalogs' `forms.validation`; unknown codes pass through, e.g.
 * a server message from an older client), its placeholders filled from `params` (an auction's least bid). Server
 * code only: it reads every language's catalog.
 */
export function validationMessage(code: string, locale: Locale, params?: MessageParams): string {
  const texts: Record<ValidationCode, string> = CATALOGS[locale].forms.validation;
  return isValidationCode(code) ? formatMessage(texts[code], params) : formatMessage(code, params);
}
