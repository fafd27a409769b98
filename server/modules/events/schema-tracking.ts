import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { LOCALES } from '#core/i18n/locales.ts';
import { PAGE_TYPES, TRACKING_EVENTS, TRACKING_LIMITS } from '#core/tracking/events.ts';

/** `'a', 'b'` of a closed list, for a check constraint (the lists are constants of core/, never input). */
const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const bounded = (column: AnyPgColumn, max: number) => sql`(${column} is null or char_length(${column}) <= ${sql.raw(String(max))})`;

/**
 * Page events and engagement goals from `/api/tracking_data/save/` (spec §7, §9), with the page they happened
 * on and the visit's attribution. No personal data: no IP address, no user agent, no name, phone or e-mail;
 * the client and visit ids are the counters' opaque tokens.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    event: text('event').notNull(),
    /** Path and query on this site, without origin or fragment. */
    url: text('url').notNull(),
    pageType: text('page_type').notNull(),
    locale: text('locale').notNull(),
    projectId: text('project_id'),
    lotId: text('lot_id'),
    /** Origin and path of the page before, without query. */
    referrer: text('referrer'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
    clientId: text('client_id'),
    visitId: text('visit_id'),
  },
  (t) => [
    index('tracking_events_received_idx').on(t.receivedAt),
    index('tracking_events_event_idx').on(t.event, t.receivedAt),
    check('tracking_events_event', sql`${t.event} in (${listed(TRACKING_EVENTS)})`),
    check('tracking_events_page_type', sql`${t.pageType} in (${listed(PAGE_TYPES)})`),
    check('tracking_events_locale', sql`${t.locale} in (${listed(LOCALES)})`),
    check('tracking_events_url', sql`${t.url} like '/%' and char_length(${t.url}) <= ${sql.raw(String(TRACKING_LIMITS.url))}`),
    check('tracking_events_referrer', bounded(t.referrer, TRACKING_LIMITS.referrer)),
    check(
      'tracking_events_utm',
      sql`${bounded(t.utmSource, TRACKING_LIMITS.utm)} and ${bounded(t.utmMedium, TRACKING_LIMITS.utm)} and ${bounded(t.utmCampaign, TRACKING_LIMITS.utm)} and ${bounded(t.utmContent, TRACKING_LIMITS.utm)} and ${bounded(t.utmTerm, TRACKING_LIMITS.utm)}`,
    ),
    check('tracking_events_client_id', bounded(t.clientId, TRACKING_LIMITS.clientId)),
    check('tracking_events_visit_id', bounded(t.visitId, TRACKING_LIMITS.visitId)),
  ],
);
