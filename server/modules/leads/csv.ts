import type { leadDeliveries, leads } from '../../db/schema/index.ts';

/**
 * The leads as CSV (`npm run leads:export`, the back office's export, ADR 025): one row per lead with its delivery
 * state, UTF-8 with a BOM so spreadsheet programs read Cyrillic and Chinese, safe against formula injection.
 */
export const LEAD_CSV_COLUMNS = [
  'id',
  'created_at',
  'kind',
  'topic',
  'locale',
  'name',
  'phone',
  'email',
  'newsletter',
  'consent_at',
  'details',
  'page_url',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'project',
  'lot',
  'promo',
  'source',
  'crm_delivered_at',
  'email_delivered_at',
  'delivery_attempts',
  'last_error',
] as const;

/** Free text from visitors can start with = + - @: quoted with a leading apostrophe so a spreadsheet never runs it as a formula. */
const FREE_TEXT = new Set([
  'name',
  'email',
  'details',
  'page_url',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'lot',
  'promo',
  'source',
  'topic',
  'last_error',
]);

export function csvCell(column: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FREE_TEXT.has(column) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Lead = typeof leads.$inferSelect;
type Delivery = typeof leadDeliveries.$inferSelect;

/** The header line (with the BOM that starts the file). */
export function leadCsvHeader(): string {
  return `\uFEFF${LEAD_CSV_COLUMNS.join(',')}\r\n`;
}

/** One lead's line, with its deliveries. */
export function leadCsvRow(lead: Lead, own: Delivery[]): string {
  const record: Record<(typeof LEAD_CSV_COLUMNS)[number], unknown> = {
    id: lead.id,
    created_at: lead.createdAt,
    kind: lead.kind,
    topic: lead.topic,
    locale: lead.locale,
    name: lead.name,
    phone: lead.phone,
    email: lead.email,
    newsletter: lead.newsletter,
    consent_at: lead.consentAt,
    details: lead.details,
    page_url: lead.context.page_url,
    utm_source: lead.context.utm_source,
    utm_medium: lead.context.utm_medium,
    utm_campaign: lead.context.utm_campaign,
    utm_content: lead.context.utm_content,
    utm_term: lead.context.utm_term,
    project: lead.context.project,
    lot: lead.context.lot,
    promo: lead.context.promo,
    source: lead.context.source,
    crm_delivered_at: own.find((d) => d.channel === 'crm')?.deliveredAt,
    email_delivered_at: own.find((d) => d.channel === 'email')?.deliveredAt,
    delivery_attempts: own.reduce((n, d) => n + d.attempts, 0),
    last_error: own.map((d) => d.lastError).find(Boolean),
  };
  return `${LEAD_CSV_COLUMNS.map((c) => csvCell(c, record[c])).join(',')}\r\n`;
}
