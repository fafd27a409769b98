import type { LocaleStrategy } from '#core/i18n/locales.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createYooKassa, paymentsConfig, type PaymentProvider, type PaymentsEnv } from '../payments/index.ts';
import { reservationDefaults, type ReservationDefaults } from './config.ts';
import { dealMailSender, type DealMailDeps } from './deals-mail.ts';
import { fanoutOf, type EventFanout } from './deals-stages.ts';
import { dealLinkToken } from './deals-token.ts';
import type { LotNames, LotProgrammes } from './programmes.ts';

export type FlowLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * What the payment flow needs (issue #39, ADR 034): the database, the provider, where the site is (the deal page the
 * provider sends the buyer back to), the terms' defaults, whether events go to the CRM, a clock, and what to tell
 * after a commit.
 */
export type PaymentFlow = {
  db: Db;
  provider: PaymentProvider;
  site: { origin: string; strategy: LocaleStrategy };
  /** The terms while the settings have no row (the RESERVATION_* variables) and the hold's length. */
  defaults: ReservationDefaults;
  /** The buyer's first deal token, derived from the reservation's id (deals-token.ts), so the deal-link e-mail can carry it. */
  dealToken: (reservationId: string) => string;
  /** The deal-link e-mail, sent once a payment applies (nothing without SMTP_URL). */
  mail: DealMailDeps;
  fanout: EventFanout;
  log: FlowLog;
  now: () => Date;
  /** Called after a commit that changed a reservation: the CRM's outbox and the catalogue's data version hear of it. */
  changed: () => void;
  /** Addresses notifications may come from; null = any (each is read back from the provider all the same). */
  trustedRanges: readonly string[] | null;
  /** The finance programmes a buyer may choose for a lot (programmes.ts); absent: none may be chosen. */
  programmes?: LotProgrammes | undefined;
  /** The lot as the buyer reads it, for the payment's description (programmes.ts); absent: a description without it. */
  lotNames?: LotNames | undefined;
};

export type FlowSettings = PaymentsEnv &
  Pick<
    Config,
    | 'siteOrigin'
    | 'LOCALE_STRATEGY'
    | 'CRM_WEBHOOK_URL'
    | 'BITRIX24_WEBHOOK_URL'
    | 'ADMIN_SECRET'
    | 'SMTP_URL'
    | 'ALERTS_EMAIL_FROM'
    | 'LEADS_EMAIL_FROM'
    | 'CRM_TIMEOUT_MS'
    | 'RESERVATION_DEPOSIT_RUB'
    | 'RESERVATION_PERIOD_DAYS'
    | 'RESERVATION_REFUND_DAYS'
    | 'RESERVATION_HOLD_MINUTES'
    | 'RESERVATION_HOLDS_PER_CONTACT'
  >;

/**
 * The payment flow of this configuration, or null when online payments are not configured (no YooKassa shop id and
 * key): then nothing offers to pay and the reservation calls answer 404. There is no fake payment path.
 */
export function paymentFlowFor(
  config: FlowSettings,
  parts: {
    db: Db;
    log: FlowLog;
    changed?: () => void;
    now?: () => Date;
    provider?: PaymentProvider;
    programmes?: LotProgrammes;
    lotNames?: LotNames | undefined;
  },
): PaymentFlow | null {
  const payments = paymentsConfig(config);
  if (!payments) return null;
  const site = { origin: config.siteOrigin, strategy: config.LOCALE_STRATEGY };
  return {
    db: parts.db,
    provider: parts.provider ?? createYooKassa(payments),
    site,
    defaults: reservationDefaults(config),
    dealToken: (id) => dealLinkToken(config.ADMIN_SECRET, id),
    mail: { db: parts.db, sender: dealMailSender(config), site, secret: config.ADMIN_SECRET, log: parts.log },
    fanout: fanoutOf(config),
    log: parts.log,
    now: parts.now ?? (() => new Date()),
    changed: parts.changed ?? (() => {}),
    trustedRanges: payments.trustedRanges,
    programmes: parts.programmes,
    lotNames: parts.lotNames,
  };
}
