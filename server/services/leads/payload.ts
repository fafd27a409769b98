import { createHmac } from 'node:crypto';
import type { leads } from '../../db/schema/leads.ts';

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

const LABELS: Record<string, string> = {
  request: 'Заявка',
  subscription: 'Подписка',
  meeting: 'Встреча в офисе',
  broker_tour: 'Брокер-тур',
  partner_meeting: 'Встреча партнёра',
  presale_interest: 'Интерес к старту продаж',
  landing: 'Заявка с мультиязычного лендинга',
};

/** A plain-text e-mail for the sales team (Russian: the team's language). */
export function leadEmail(lead: LeadRow): { subject: string; text: string } {
  const rows: [string, unknown][] = [
    ['Номер заявки', lead.id],
    ['Тип', LABELS[lead.kind] ?? lead.kind],
    ['Тема', lead.topic],
    ['Язык сайта', lead.locale],
    ['Имя', lead.name],
    ['Телефон', lead.phone],
    ['E-mail', lead.email],
    ['Рассылка', lead.newsletter ? 'да' : 'нет'],
    ['Согласие на обработку ПДн', lead.consentAt.toISOString()],
    ...Object.entries(lead.details).map(([k, v]) => [k, v] as [string, unknown]),
    ...Object.entries(lead.context).map(([k, v]) => [k, v] as [string, unknown]),
    ['Получена', lead.createdAt.toISOString()],
  ];
  const text = rows
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('\n');
  return { subject: `${LABELS[lead.kind] ?? 'Заявка'} с сайта — ${lead.id.slice(0, 8)}`, text };
}
