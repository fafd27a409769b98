import { z } from 'zod';
import { lotFilterCriteria, parseLotFilter, serializeLotFilter } from '#core/catalogue/filter.ts';
import { isId } from '#core/schemas/id.ts';
import { HONEYPOT_FIELD } from '#core/validation/lead-forms.ts';
import type { ValidationCode } from '#core/validation/messages.ts';
import { checkEmail, isTicked } from '#core/validation/rules.ts';

/**
 * An alert subscription (issue #16, ADR 021): the notify-me form of the filter page (`kind=search`, `query`: the
 * page's filter query string) and the follow form of a lot page (`kind=lot`, `lot`: the lot's id). The API and
 * the pages' actions read it with this one schema; each issue names its field with a validation code.
 */
const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''));

const issue = (ctx: z.RefinementCtx, path: string, code: ValidationCode) => ctx.addIssue({ code: 'custom', path: [path], message: code });

export const ALERT_KINDS = ['search', 'lot'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const alertInput = z
  .object({
    kind: text.describe('`search`: save the filter in `query`; `lot`: follow the lot `lot`'),
    email: text.describe('Where the confirmation and the digests go'),
    consent: z.unknown().optional().describe('Consent to the processing of personal data: true, "on" or "1"'),
    query: text.describe("The filter page's query string (e.g. `rooms=1,2&price_max=12000000`), for `kind=search`"),
    lot: text.describe("The lot's id, for `kind=lot`"),
    [HONEYPOT_FIELD]: z.unknown().optional().describe('Left empty by people'),
  })
  .transform((value, ctx) => {
    const kind = value.kind.trim() || 'search';
    if (!(ALERT_KINDS as readonly string[]).includes(kind)) issue(ctx, 'kind', 'choice');
    const email = value.email.trim();
    const emailCode = checkEmail(email, true);
    if (emailCode) issue(ctx, 'email', emailCode);
    if (!isTicked(value.consent)) issue(ctx, 'consent', 'consent');
    let query: string | null = null;
    let lot: number | null = null;
    if (kind === 'search') {
      const parsed = parseLotFilter(new URLSearchParams(value.query.trim().replace(/^\?/, '')));
      if (!parsed.ok) issue(ctx, 'query', 'invalid');
      else query = serializeLotFilter(lotFilterCriteria(parsed.filter)).toString();
    } else if (kind === 'lot') {
      const raw = value.lot.trim();
      if (!raw) issue(ctx, 'lot', 'required');
      else if (!isId(raw)) issue(ctx, 'lot', 'invalid');
      else lot = Number(raw);
    }
    const bot = value[HONEYPOT_FIELD];
    return { kind: kind as AlertKind, email, query, lot, bot: typeof bot === 'string' && bot.trim() !== '' };
  });

export type AlertInput = z.output<typeof alertInput>;
export type AlertFieldErrors = Record<string, ValidationCode[]>;

export function parseAlertInput(input: unknown): { ok: true; value: AlertInput } | { ok: false; errors: AlertFieldErrors } {
  const result = alertInput.safeParse(input ?? {});
  if (result.success) return { ok: true, value: result.data };
  const errors: AlertFieldErrors = {};
  for (const item of result.error.issues) {
    const key = item.path.length ? String(item.path[0]) : 'non_field_errors';
    const list = (errors[key] ??= []);
    const code = (item.message || 'invalid') as ValidationCode;
    if (!list.includes(code)) list.push(code);
  }
  return { ok: false, errors };
}
