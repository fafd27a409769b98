import { z } from 'zod';
import { safeText } from '#core/schemas/text.ts';
import { LEAD_KINDS } from '#core/validation/lead-forms.ts';

/** A lead's delivery state in the back office (ADR 025): all channels delivered, waiting, failing (an error), or no channel. */
export const DELIVERY_STATES = ['delivered', 'pending', 'failing', 'none'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

const day = safeText()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date, YYYY-MM-DD.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Expected a real date.');
/** The leads' filter: the same in the list, the export and the page's form. */
export const leadFilterQuery = z.object({
  q: safeText().trim().max(200).optional().describe('A lead id, or part of a name, phone or e-mail.'),
  form: z.enum(LEAD_KINDS, { error: `Expected one of ${LEAD_KINDS.join(', ')}` }).optional(),
  project: z.coerce.number({ error: 'Expected a project id' }).int('Expected a project id').min(1).max(1e9).optional(),
  from: day.optional().describe('Received on or after this day (Moscow time).'),
  to: day.optional().describe('Received on or before this day (Moscow time).'),
  delivery: z.enum(DELIVERY_STATES, { error: `Expected one of ${DELIVERY_STATES.join(', ')}` }).optional(),
});
export type LeadFilterQuery = z.output<typeof leadFilterQuery>;

/** A day in Moscow (UTC+3, no daylight saving) as the instant it starts. */
const moscowDay = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+03:00`) + plusDays * 86_400_000);

/** The filter as the lead desk reads it (server/modules/leads/desk.ts): days as instants. */
export function toLeadFilter(q: LeadFilterQuery) {
  return {
    q: q.q || undefined,
    form: q.form,
    project: q.project,
    from: q.from ? moscowDay(q.from) : undefined,
    to: q.to ? moscowDay(q.to, 1) : undefined,
    delivery: q.delivery,
  };
}
