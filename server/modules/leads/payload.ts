import { createHmac } from 'node:crypto';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { translate } from '#core/i18n/messages.ts';
import type { leads } from './schema.ts';

export type LeadRow = typeof leads.$inferSelect;

/** The JSON a CRM receives for one lead (docs/api.md "CRM webhook"). */
export function crmPayload(lead: LeadRow) {
  return {
    id: lead.id,
    kind: lead.kind,
    topic: lead.topic,
    created_at: lead.createdAt.toISOString(),
    locale: lead.locale,
    // Leads from the English landing and English pages go to the English-speaking managers (spec §1).
    manager_language: lead.locale === 'ru' ? 'ru' : 'en',
    contact: { name: lead.name, phone: lead.phone, email: lead.email },
    newsletter: lead.newsletter,
    consent: { personal_data: true, at: lead.consentAt.toISOString() },
    details: lead.details,
    context: lead.context,
  };
}

/**
 * `X-Lead-Signature: sha256=<hex>` over `${timestamp}.${body}` with the shared secret, like Stripe's and
 * GitHub's webhooks: the receiver recomputes it and refuses stale timestamps.
 */
export function signBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The sales team's words, from the catalog (the team reads Russian). */
const T = ru.forms.salesEmail;
const kindWord = (kind: string) => (T.kinds as Record<string, string>)[kind] ?? kind;
/**
 * A context field's name for the team: the calculation's and the visit's fields (landing page, referrer, the
 * analytics and visitor ids) in words, the UTM tags as they are (marketers call them so).
 */
const CONTEXT_WORDS: Record<string, string> = { ...ru.purchase.salesEmail, ...T.context };
const contextWord = (key: string) => (Object.hasOwn(CONTEXT_WORDS, key) ? CONTEXT_WORDS[key]! : key);

/** A plain-text e-mail for the sales team (Russian: the team's language). */
export function leadEmail(lead: LeadRow): { subject: string; text: string } {
  const rows: [string, unknown][] = [
    [T.fields.id, lead.id],
    [T.fields.kind, kindWord(lead.kind)],
    [T.fields.topic, lead.topic],
    [T.fields.locale, lead.locale],
    [T.fields.name, lead.name],
    [T.fields.phone, lead.phone],
    [T.fields.email, lead.email],
    [T.fields.newsletter, lead.newsletter ? T.yes : T.no],
    [T.fields.consent, lead.consentAt.toISOString()],
    ...Object.entries(lead.details).map(([k, v]) => [k, v] as [string, unknown]),
    ...Object.entries(lead.context).map(([k, v]) => [contextWord(k), v] as [string, unknown]),
    [T.fields.received, lead.createdAt.toISOString()],
  ];
  const text = rows
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('\n');
  return { subject: translate(ru, 'forms.salesEmail.subject', { kind: kindWord(lead.kind), id: lead.id.slice(0, 8) }), text };
}
