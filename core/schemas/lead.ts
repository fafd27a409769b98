import { z } from 'zod';
import { parseBidAmount } from '#core/auctions/auction.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import {
  CONTACT_CHANNELS,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_KEY_PATTERN,
  PARTNER_TOPICS,
  POW_FIELD,
  REQUEST_TYPES,
  SUBSCRIPTION_TOPICS,
  type FinanceField,
  type LeadKind,
} from '#core/validation/lead-forms.ts';
import type { ValidationCode } from '#core/validation/messages.ts';
import { checkEmail, checkName, checkPhone, checkText, findUnsafeCharacter, isTicked, LIMITS } from '#core/validation/rules.ts';
import { safeLandingPage, safePageUrl, safeReferrer, safeUtm } from '#core/tracking/events.ts';

/**
 * Lead forms: one zod schema per kind, used by the browser (before sending), by the API and by the
 * no-JavaScript form action. Issue messages are `ValidationCode`s; texts come from the locale.
 */

export * from '#core/validation/lead-forms.ts';

const issue = (ctx: z.RefinementCtx, code: ValidationCode, path?: (string | number)[]) =>
  ctx.addIssue({ code: 'custom', message: code, ...(path ? { path } : {}) });

/**
 * A form value as text: JSON strings and numbers, form-data strings; anything else is refused, and so is
 * text with NUL or half an emoji (`characters`), before any field rule reads it.
 */
function asText(value: unknown, ctx: z.RefinementCtx): string | null {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') {
    if (!findUnsafeCharacter(value)) return value;
    issue(ctx, 'characters');
    return null;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  issue(ctx, 'invalid');
  return null;
}

function textField<T>(check: (raw: string, ctx: z.RefinementCtx) => T) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const raw = asText(value, ctx);
      return raw === null ? z.NEVER : check(raw, ctx);
    });
}

const name = textField((raw, ctx) => {
  const code = checkName(raw);
  if (code) issue(ctx, code);
  return raw.trim();
});

const phoneField = (required: boolean) =>
  textField((raw, ctx) => {
    const result = checkPhone(raw, required);
    if (result && !result.ok) issue(ctx, result.code);
    return result?.ok ? result.e164 : null;
  });

/** E-mail is optional at field level; forms that need it say so in `requireEmail`. */
const email = textField((raw, ctx) => {
  const code = checkEmail(raw, false);
  if (code) issue(ctx, code);
  return raw.trim() || null;
});

const freeText = (max: number, required = false) =>
  textField((raw, ctx) => {
    const code = checkText(raw, max, required);
    if (code) issue(ctx, code);
    return raw.trim() || null;
  });

const checkbox = z.unknown().optional().transform(isTicked);
const consent = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (!isTicked(value)) issue(ctx, 'consent');
    return true as const;
  });

function choice<const T extends readonly string[]>(values: T, fallback?: T[number]) {
  return textField((raw, ctx): T[number] => {
    const value = raw.trim();
    if (!value && fallback) return fallback;
    if (!value) return (issue(ctx, 'required'), values[0]!);
    if (!(values as readonly string[]).includes(value)) return (issue(ctx, 'choice'), values[0]!);
    return value;
  });
}

/** A positive id; `required` gives "Obligatory field" when missing. */
const idField = (required: boolean) =>
  textField((raw, ctx): number | null => {
    const value = raw.trim();
    if (!value) return required ? (issue(ctx, 'required'), null) : null;
    if (!/^\d{1,9}$/.test(value) || Number(value) < 1) return (issue(ctx, 'choice'), null);
    return Number(value);
  });

const slug = (required: boolean) =>
  textField((raw, ctx): string | null => {
    const value = raw.trim();
    if (!value) return required ? (issue(ctx, 'required'), null) : null;
    if (value.length > 100) return (issue(ctx, 'tooLong'), null);
    if (!/^[\p{L}\p{N}_./-]+$/u.test(value)) return (issue(ctx, 'invalid'), null);
    return value;
  });

const dateField = textField((raw, ctx): string => {
  const value = raw.trim();
  if (!value) return (issue(ctx, 'required'), '');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return (issue(ctx, 'choice'), '');
  return value;
});

const slotField = textField((raw, ctx): string => {
  const value = raw.trim();
  if (!value) return (issue(ctx, 'required'), '');
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) return (issue(ctx, 'choice'), '');
  return value;
});

/*
 * Where the request came from and the visit's attribution (ADR 014), cleaned by the same functions as the browser
 * and `/api/tracking_data/save/` (core/tracking/events.ts): addresses keep their path and UTM tags only, the
 * referrer its origin and path (a path holding an e-mail or a phone goes), and a UTM tag holding an e-mail or a
 * phone is dropped. What a visitor's address held never makes a lead fail: it is dropped, not refused; only a
 * value that is no address at all, or past its bound, is a 400 naming the field.
 */

/** Input bound of an address that is cleaned before it is kept (the page's own, as the browser had it). */
const ADDRESS_INPUT = 8192;

/**
 * Page URL (path or absolute URL) the request was sent from, as the page had it: kept as its path and UTM tags
 * (`safePageUrl`), whose length is the one bounded (a long query of the page's own never fails a lead).
 */
const pageUrl = textField((raw, ctx): string | null => {
  const value = raw.trim();
  if (!value) return null;
  if (value.length > ADDRESS_INPUT) return (issue(ctx, 'tooLong'), null);
  const safe = /^(\/|https?:\/\/)/.test(value) ? safePageUrl(value) : undefined;
  if (safe === undefined) return (issue(ctx, 'invalid'), null);
  if (safe.length > LIMITS.url) return (issue(ctx, 'tooLong'), null);
  return safe;
});

/** Input bound of a UTM tag (as `/api/tracking_data/save/`): within it, a tag is cut to its stored 200 characters. */
const UTM_INPUT = 2048;
const utm = textField((raw, ctx): string | null => {
  if (raw.length > UTM_INPUT) return (issue(ctx, 'tooLong'), null);
  return safeUtm(raw);
});

/** The visit's first page on this site: its path and UTM tags (`safeLandingPage`). */
const landingPage = textField((raw, ctx): string | null => {
  const value = raw.trim();
  if (!value) return null;
  if (value.length > LIMITS.url) return (issue(ctx, 'tooLong'), null);
  const safe = /[\\\s]/.test(value) ? undefined : safeLandingPage(value);
  if (safe === undefined) return (issue(ctx, 'invalid'), null);
  return safe;
});

/** The visit's external referrer, kept as origin and path (`safeReferrer`). */
const referrer = textField((raw, ctx): string | null => {
  const value = raw.trim();
  if (!value) return null;
  if (value.length > LIMITS.url) return (issue(ctx, 'tooLong'), null);
  const safe = safeReferrer(value);
  if (!safe) return (issue(ctx, 'invalid'), null);
  return safe;
});

/** An analytics client id is never a phone number (`_ym_uid`'s digits are 19; a phone is 10–15). */
const PHONE_SHAPED = /^\+?\d{7,15}$/;

/** The analytics counter's client id (`_ga`'s `123.456`, `_ym_uid`'s digits; core/tracking/visitor.ts). */
const analyticsClientIdField = textField((raw, ctx): string | null => {
  const value = raw.trim();
  if (!value) return null;
  if (!/^[0-9]{1,20}(\.[0-9]{1,20})?$/.test(value) || PHONE_SHAPED.test(value)) return (issue(ctx, 'invalid'), null);
  return value;
});

/** A whole number the calculator sent (roubles, months); empty: none. */
const whole = (max: number) =>
  textField((raw, ctx): number | null => {
    const value = raw.trim();
    if (!value) return null;
    if (!/^\d{1,13}$/.test(value) || Number(value) > max) return (issue(ctx, 'invalid'), null);
    return Number(value);
  });

/** A request's calculation (`FINANCE_FIELDS`): the programme's id as the offers name it, and its figures. */
const finance = {
  programme: textField((raw, ctx): string | null => {
    const value = raw.trim();
    if (!value) return null;
    if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(value)) return (issue(ctx, 'invalid'), null);
    return value;
  }),
  price: whole(1e12),
  down_payment: whole(1e12),
  term_months: whole(600),
  monthly_payment: whole(1e12),
} satisfies Record<FinanceField, z.ZodType>;

/** Fields every lead carries besides the visitor's data. */
const common = {
  name,
  phone: phoneField(true),
  email,
  newsletter: checkbox,
  consent,
  page_url: pageUrl,
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_content: utm,
  utm_term: utm,
  landing_page: landingPage,
  referrer,
  analytics_client_id: analyticsClientIdField,
  project: idField(false),
  lot: slug(false),
  promo: slug(false),
  [IDEMPOTENCY_FIELD]: textField((raw, ctx): string | null => {
    const value = raw.trim();
    if (!value) return null;
    if (!IDEMPOTENCY_KEY_PATTERN.test(value)) return (issue(ctx, 'invalid'), null);
    return value;
  }),
  [HONEYPOT_FIELD]: z.unknown().optional(),
  [POW_FIELD]: textField((raw) => raw.trim().slice(0, 4000) || null),
};

/** Cross-field rule: e-mail becomes obligatory when it is the channel or a newsletter is wanted. Runs even when other fields failed. */
function requireEmailWhen<T extends { email: string | null }>(needs: (value: T) => boolean) {
  return [
    (value: T, ctx: z.RefinementCtx) => {
      if (value.email === null && needs(value) && !ctx.issues.some((i) => i.path?.[0] === 'email')) issue(ctx, 'required', ['email']);
    },
    { when: () => true },
  ] as const;
}

const subscription = z
  .object({ ...common, topic: choice(SUBSCRIPTION_TOPICS, 'default') })
  .superRefine(...requireEmailWhen<{ email: string | null; newsletter: boolean }>((v) => v.newsletter === true));

const request = z
  .object({
    ...common,
    phone: phoneField(false),
    type: choice(REQUEST_TYPES, 'consultation'),
    channel: choice(CONTACT_CHANNELS, 'phone'),
    comment: freeText(LIMITS.comment),
    ...finance,
  })
  .superRefine(
    (value, ctx) => {
      // The phone is needed unless the visitor chose to be answered by e-mail.
      if (value.channel !== 'email' && value.phone === null && !ctx.issues.some((i) => i.path?.[0] === 'phone')) issue(ctx, 'required', ['phone']);
      if (value.email === null && (value.channel === 'email' || value.newsletter === true) && !ctx.issues.some((i) => i.path?.[0] === 'email'))
        issue(ctx, 'required', ['email']);
    },
    { when: () => true },
  );

const meeting = z.object({ ...common, office: idField(true), date: dateField, slot: slotField, comment: freeText(LIMITS.comment) });

const brokerTour = z.object({
  ...common,
  project: idField(true),
  date: dateField,
  slot: slotField,
  agency: freeText(LIMITS.company, true),
});

const partnerMeeting = z.object({
  ...common,
  topic: choice(PARTNER_TOPICS),
  office: idField(true),
  date: dateField,
  slot: slotField,
  company: freeText(LIMITS.company, true),
  comment: freeText(LIMITS.comment),
});

const presaleInterest = z
  .object({ ...common, project: idField(true) })
  .superRefine(...requireEmailWhen<{ email: string | null; newsletter: boolean }>((v) => v.newsletter === true));

const landing = z.object({
  ...common,
  landing: slug(true),
  language: choice(LOCALES, 'en'),
  comment: freeText(LIMITS.comment),
});

/** A bid in whole roubles, plain or grouped as the page's language groups it («12 500 000», "12,500,000"). */
const bidAmount = textField((raw, ctx): number => {
  if (!raw.trim()) return (issue(ctx, 'required'), 0);
  const amount = parseBidAmount(raw);
  return amount === null ? (issue(ctx, 'invalid'), 0) : amount;
});

/** A bid on an auction (ADR 020): the lead form's contact rules, the auction and the amount. */
const auctionBid = z.object({ ...common, auction: idField(true), amount: bidAmount });

export const leadSchemas = {
  request,
  subscription,
  meeting,
  broker_tour: brokerTour,
  partner_meeting: partnerMeeting,
  presale_interest: presaleInterest,
  landing,
  auction_bid: auctionBid,
} satisfies Record<LeadKind, z.ZodType>;

export type LeadInput<K extends LeadKind = LeadKind> = z.output<(typeof leadSchemas)[K]>;
export type AnyLeadInput = { [K in LeadKind]: { kind: K; data: LeadInput<K> } }[LeadKind];

export type FieldErrors = Record<string, ValidationCode[]>;

/** Field → codes, the first issue per field first. */
export function issuesToFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const item of error.issues) {
    const key = item.path.length ? String(item.path[0]) : 'non_field_errors';
    const code = (item.message || 'invalid') as ValidationCode;
    const list = (out[key] ??= []);
    if (!list.includes(code)) list.push(code);
  }
  return out;
}

export type LeadParse = { ok: true; lead: AnyLeadInput } | { ok: false; errors: FieldErrors };

export function parseLead(kind: LeadKind, input: unknown): LeadParse {
  const result = leadSchemas[kind].safeParse(input ?? {});
  if (!result.success) return { ok: false, errors: issuesToFieldErrors(result.error) };
  return { ok: true, lead: { kind, data: result.data } as AnyLeadInput };
}

/** Turns posted form data into the plain object the schemas read (repeated names keep the last value). */
export function formDataToObject(form: FormData | URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') out[key] = value;
  return out;
}
