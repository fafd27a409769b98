import { and, eq } from 'drizzle-orm';
import { formatRoubles } from '#core/auctions/auction.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import { formatDateTime } from '#core/i18n/dates.ts';
import { isLocale, type Locale, type LocaleStrategy } from '#core/i18n/locales.ts';
import { formatMessage as fill } from '#core/i18n/message-format.ts';
import { localizePath } from '#core/i18n/routing.ts';
import type { Db } from '../../db/client.ts';
import { lots } from '../../db/schema/index.ts';
import { smtpAlertSender, type AlertSender } from '../alerts/index.ts';
import { dealLinkToken, dealTokenHash } from './deals-token.ts';
import { reservationEvents, reservations, type ReservationRow } from './schema.ts';

export type DealMailSite = { origin: string; strategy: LocaleStrategy };
export type DealMailDeps = {
  db: Db;
  /** Null: this server sends no e-mail (no SMTP_URL), and no link is mailed. */
  sender: AlertSender | null;
  site: DealMailSite;
  /** The key the first link's token is derived with (`dealLinkToken`): the server's ADMIN_SECRET. */
  secret: string;
  log?: { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
};

/** The sender of deal-link e-mails over SMTP_URL (the alerts' transport), or null without mail. */
export function dealMailSender(config: {
  SMTP_URL?: string | undefined;
  ALERTS_EMAIL_FROM?: string | undefined;
  LEADS_EMAIL_FROM: string;
  CRM_TIMEOUT_MS: number;
}): AlertSender | null {
  if (!config.SMTP_URL) return null;
  return smtpAlertSender({ smtpUrl: config.SMTP_URL, from: config.ALERTS_EMAIL_FROM ?? config.LEADS_EMAIL_FROM, timeoutMs: config.CRM_TIMEOUT_MS });
}

/** The deal page's address for a token, in the buyer's language. */
export const dealLink = (site: DealMailSite, token: string, locale: Locale): string => `${site.origin}${localizePath(`/deal/${token}`, locale, site.strategy)}`;

/** The message: the deposit and the reservation's end (or that the link was reissued), the link, and how to keep it. */
export function dealLinkMail(site: DealMailSite, row: ReservationRow, lotNumber: string, token: string, reissued: boolean) {
  const locale: Locale = isLocale(row.locale) ? row.locale : 'ru';
  const t = CATALOGS[locale].reservations.mail;
  const lot = lotNumber;
  const lines = [
    reissued || !row.endsAt
      ? t.reissued
      : fill(t.paid, { amount: formatRoubles(row.amountKopecks / 100, locale), lot, until: formatDateTime(row.endsAt, locale) }),
    '',
    t.link,
    dealLink(site, token, locale),
    '',
    t.keep,
    t.ignore,
  ];
  return { subject: fill(t.subject, { lot }), text: lines.join('\n'), headers: { 'Auto-Submitted': 'auto-generated' } };
}

export type DealLinkOutcome = 'sent' | 'no_mail' | 'already' | 'unknown' | 'token_unknown' | 'failed';

/**
 * E-mails the buyer the link to their deal page, in their language, when the server sends mail (SMTP_URL): called by
 * the payment flow once a payment applies (without `token`: the first token is derived, `dealLinkToken`, and mailed
 * only while it is still the deal's) and by the back office when it reissues the link (with the new token). Once per
 * token: a `link_sent` row of the timeline (external id `link:` + the start of the token's hash) is written before
 * sending, and removed again if the SMTP server refuses, so a later call tries again. The link and the address are
 * never logged: the reservation's id is.
 */
export async function sendDealLink(deps: DealMailDeps, input: { reservationId: string; token?: string; reissued?: boolean }): Promise<DealLinkOutcome> {
  if (!deps.sender) return 'no_mail';
  const { db } = deps;
  const [row] = await db.select().from(reservations).where(eq(reservations.id, input.reservationId));
  if (!row) return 'unknown';
  const token = input.token ?? dealLinkToken(deps.secret, row.id);
  if (row.tokenRevokedAt || dealTokenHash(token) !== row.tokenHash) return 'token_unknown';
  const externalId = `link:${row.tokenHash.slice(0, 16)}`;
  const marked = await db
    .insert(reservationEvents)
    .values({ reservationId: row.id, kind: 'link_sent', source: input.reissued ? 'staff' : 'job', externalId, data: { reissued: Boolean(input.reissued) } })
    .onConflictDoNothing()
    .returning({ id: reservationEvents.id });
  if (!marked.length) return 'already';
  const [lot] = await db.select({ number: lots.number }).from(lots).where(eq(lots.id, row.lotId));
  const mail = dealLinkMail(deps.site, row, lot?.number ?? String(row.lotId), token, Boolean(input.reissued));
  const host = new URL(deps.site.origin).hostname;
  try {
    await deps.sender.send(row.email, { ...mail, messageId: `<deal-link.${row.id}.${row.tokenHash.slice(0, 16)}@${host}>` });
  } catch (error) {
    await db.delete(reservationEvents).where(and(eq(reservationEvents.id, marked[0]!.id), eq(reservationEvents.kind, 'link_sent')));
    deps.log?.warn({ reservation: row.id, err: error }, 'deal link e-mail not sent');
    throw error;
  }
  deps.log?.info?.({ reservation: row.id }, 'deal link e-mailed');
  return 'sent';
}
