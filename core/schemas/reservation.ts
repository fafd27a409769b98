import { z } from 'zod';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import { FINANCE_ID } from '#core/purchase/schemas.ts';
import { HONEYPOT_FIELD } from '#core/validation/lead-forms.ts';
import type { ValidationCode } from '#core/validation/messages.ts';
import { checkEmail, checkName, checkPhone, findUnsafeCharacter, isTicked } from '#core/validation/rules.ts';

/**
 * The online reservation's form (issue #39): the lot, the buyer's contacts (the same rules as a lead's: one set of
 * words per rule, core/validation) and, optionally, the finance programme they mean to pay with (whether it is offered
 * for the lot is the server's check: `startReservation`). The deposit and the period are never part of it: the server
 * takes them from the settings. Used by the browser (before sending), `POST /api/reservations/` and the page's action without JavaScript.
 * Issue messages are `ValidationCode`s; the texts come from the visitor's catalog.
 */

const issue = (ctx: z.RefinementCtx, code: ValidationCode) => ctx.addIssue({ code: 'custom', message: code });

/** A form value as text: JSON strings and numbers, form-data strings; NUL or half an emoji is refused. */
function text<T>(check: (raw: string, ctx: z.RefinementCtx) => T) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null) return check('', ctx);
      if (typeof value === 'number' && Number.isFinite(value)) return check(String(value), ctx);
      if (typeof value !== 'string') return (issue(ctx, 'invalid'), z.NEVER);
      if (findUnsafeCharacter(value)) return (issue(ctx, 'characters'), z.NEVER);
      return check(value, ctx);
    });
}

export const reservationRequestSchema = z.object({
  lotId: text((raw, ctx): number => {
    const value = raw.trim();
    if (!value) return (issue(ctx, 'required'), 0);
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1) return (issue(ctx, 'choice'), 0);
    return Number(value);
  }).describe('The lot to reserve (its id).'),
  name: text((raw, ctx) => {
    const code = checkName(raw);
    if (code) issue(ctx, code);
    return raw.trim();
  }).describe("The buyer's name."),
  phone: text((raw, ctx) => {
    const result = checkPhone(raw, true);
    if (result && !result.ok) issue(ctx, result.code);
    return result?.ok ? result.e164 : '';
  }).describe("The buyer's phone, with the country code."),
  email: text((raw, ctx) => {
    const code = checkEmail(raw, true);
    if (code) issue(ctx, code);
    return raw.trim();
  }).describe("The buyer's e-mail: the deal's link is sent there."),
  consent: z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (!isTicked(value)) issue(ctx, 'consent');
      return true as const;
    })
    .describe('Consent to the processing of personal data: must be true.'),
  programmeId: text((raw, ctx): string | null => {
    const value = raw.trim();
    if (!value) return null;
    if (!FINANCE_ID.test(value)) return (issue(ctx, 'choice'), null);
    return value;
  }).describe(
    "How the buyer means to pay: the id of a finance programme offered for this lot (the lot page's offers); empty or absent: in full, or decided later. The deal page shows its payment schedule.",
  ),
  locale: text((raw, ctx): Locale | null => {
    const value = raw.trim();
    if (!value) return null;
    if (!(LOCALES as readonly string[]).includes(value)) return (issue(ctx, 'choice'), null);
    return value as Locale;
  }).describe("The buyer's language (ru, en or zh): the deal page's and the letters'. Without it, the request's."),
  /** The lead forms' trap for bots: a person never fills it. */
  [HONEYPOT_FIELD]: z.unknown().optional(),
});

export type ReservationRequest = z.output<typeof reservationRequestSchema>;
export type ReservationFieldErrors = Record<string, ValidationCode[]>;

/** The form's values, or each bad field's codes (the first issue per field first). A filled trap is refused as invalid. */
export function parseReservationRequest(input: unknown): { ok: true; data: ReservationRequest } | { ok: false; errors: ReservationFieldErrors } {
  const result = reservationRequestSchema.safeParse(input ?? {});
  if (!result.success) {
    const errors: ReservationFieldErrors = {};
    for (const item of result.error.issues) {
      const key = item.path.length ? String(item.path[0]) : 'non_field_errors';
      const list = (errors[key] ??= []);
      const code = (item.message || 'invalid') as ValidationCode;
      if (!list.includes(code)) list.push(code);
    }
    return { ok: false, errors };
  }
  const trap = result.data[HONEYPOT_FIELD];
  if (typeof trap === 'string' && trap.trim()) return { ok: false, errors: { [HONEYPOT_FIELD]: ['invalid'] } };
  return { ok: true, data: result.data };
}
