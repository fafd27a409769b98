import { crmChannelsOf, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { crmTransport, type Transport } from '../modules/leads/delivery/crm.ts';
import { emailTransport } from '../modules/leads/delivery/email.ts';
import type { DeliveryChannel } from '../modules/leads/settings.ts';
import type { Services } from '../services.ts';
import { alertTokens } from '../modules/alerts/tokens.ts';
import { createAlertOutbox, smtpAlertSender } from '../modules/alerts/outbox.ts';
import { createLeadOutbox } from '../modules/leads/outbox.ts';
import type { OutboxLogger } from './outbox.ts';
import { startPublicationSchedule } from '../modules/content/publication-schedule.ts';
import { startAuctionSettling } from './auction-settling.ts';
import { startReservationExpiry } from './reservation-expiry.ts';
import { startReservationPaymentJobs } from '../modules/reservations/jobs-payments.ts';
import { currencyConfig, startCurrencyRatesJob } from '../modules/currency/index.ts';
import { fanoutOf } from '../modules/reservations/index.ts';
import { startCrmAdapters } from '../modules/crm/index.ts';

/** Background work of the server process: the lead delivery outbox, woken by every committed lead. */
export function startJobs(input: { config: Config; database: Database; services: Services; log: OutboxLogger }) {
  const { config } = input;
  const transports: Partial<Record<DeliveryChannel, Transport>> = {};
  if (config.CRM_WEBHOOK_URL)
    transports.crm = crmTransport({ url: config.CRM_WEBHOOK_URL, secret: config.CRM_WEBHOOK_SECRET, timeoutMs: config.CRM_TIMEOUT_MS });
  if (config.SMTP_URL && config.LEADS_EMAIL_TO) {
    transports.email = emailTransport({ smtpUrl: config.SMTP_URL, to: config.LEADS_EMAIL_TO, from: config.LEADS_EMAIL_FROM, timeoutMs: config.CRM_TIMEOUT_MS });
  }
  if (!Object.keys(transports).length && !crmChannelsOf(config).length)
    input.log.warn(
      {},
      'no lead delivery configured (CRM_WEBHOOK_URL, SMTP_URL + LEADS_EMAIL_TO): leads are only stored; export them with npm run leads:export',
    );
  if (config.CRM_WEBHOOK_URL && !config.CRM_WEBHOOK_SECRET) input.log.warn({}, 'CRM_WEBHOOK_SECRET is not set: CRM webhooks go unsigned');
  if (config.LEADS_FAULT_INJECTION) input.log.warn({}, 'LEADS_FAULT_INJECTION is on: leads named "Fault" fail once (tests only)');

  const outbox = createLeadOutbox({
    db: input.database.db,
    transports,
    // The webhook and e-mail: each CRM adapter delivers its own channel's rows on a loop of its own (startCrmAdapters).
    channels: ['crm', 'email'],
    metrics: input.services.leads.metrics,
    log: input.log,
    retryBaseMs: config.LEADS_RETRY_BASE_MS,
    retryMaxMs: config.LEADS_RETRY_MAX_MS,
    pollMs: config.LEADS_POLL_MS,
    leaseMs: config.LEADS_LEASE_MS,
  });
  const unsubscribe = input.services.leads.onCommitted(() => outbox.wake());
  outbox.start();
  // Bitrix24 and amoCRM (ADR 040): each configured adapter with its own loops, so one failing CRM holds back no other.
  const crm = startCrmAdapters({ config, db: input.database.db, log: input.log, onLeadCommitted: (wake) => input.services.leads.onCommitted(wake) });
  const forgetting = startForgettingClientKeys(input.services, input.log);
  const alerts = startAlerts(input);
  const schedule = startPublicationSchedule({ db: input.database.db, versions: input.services.versions, now: () => Date.now(), log: input.log });
  const settling = startAuctionSettling({ db: input.database.db, log: input.log });
  const reservationExpiry = startReservationExpiry({ db: input.database.db, log: input.log, fanout: fanoutOf(config) });
  // The deals' events to the CRM, and the payments and refunds reconciled with the provider (ADR 034).
  const reservationPayments = startReservationPaymentJobs({
    config,
    db: input.database.db,
    log: input.log,
    changed: () => void input.services.versions.check().catch(() => {}),
  });
  // The Bank of Russia's daily rates (ADR 037); CBR_DAILY_URL=off leaves the stored ones to go stale.
  const rates = currencyConfig(config);
  const currencyRates = rates.url
    ? startCurrencyRatesJob({
        currency: input.services.currency,
        url: rates.url,
        everyMs: rates.everyMs,
        timeoutMs: rates.timeoutMs,
        log: input.log,
        changed: () => void input.services.versions.check().catch(() => {}),
      })
    : null;
  return {
    outbox,
    crm: crm.outboxes,
    alerts: alerts?.outbox ?? null,
    async stop(): Promise<void> {
      unsubscribe();
      forgetting.stop();
      schedule.stop();
      await Promise.all([
        outbox.stop(),
        crm.stop(),
        alerts?.stop(),
        settling.stop(),
        reservationExpiry.stop(),
        reservationPayments.stop(),
        currencyRates?.stop(),
      ]);
    },
  };
}

/** How often leads older than the client-key retention lose their key (at start, then hourly). */
const FORGET_EVERY_MS = 3600_000;

function startForgettingClientKeys(services: Services, log: OutboxLogger) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= services.leads
      .forgetClientKeys()
      .then((cleared) => {
        if (cleared) log.info({ cleared }, 'lead client keys past their retention forgotten');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not forget lead client keys; retrying within the hour'))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, FORGET_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The alerts' delivery job (ADR 021), woken by every subscription; without SMTP_URL there are no alerts (alertsByMail). */
function startAlerts(input: { config: Config; database: Database; services: Services; log: OutboxLogger }) {
  const { config } = input;
  if (!config.SMTP_URL) {
    input.log.warn({}, 'SMTP_URL is not set: alert forms are not offered and subscriptions are refused (nothing could be confirmed)');
    return null;
  }
  const outbox = createAlertOutbox({
    db: input.database.db,
    alerts: input.services.alerts,
    sender: smtpAlertSender({ smtpUrl: config.SMTP_URL, from: config.ALERTS_EMAIL_FROM ?? config.LEADS_EMAIL_FROM, timeoutMs: config.CRM_TIMEOUT_MS }),
    site: { origin: config.siteOrigin, strategy: config.LOCALE_STRATEGY, tokens: alertTokens(config.ALERTS_SECRET) },
    log: input.log,
    retryBaseMs: config.LEADS_RETRY_BASE_MS,
    retryMaxMs: config.LEADS_RETRY_MAX_MS,
    pollMs: config.ALERTS_POLL_MS,
    leaseMs: config.ALERTS_LEASE_MS,
  });
  const unsubscribe = input.services.alerts.onCommitted(() => outbox.wake());
  outbox.start();
  return {
    outbox,
    async stop(): Promise<void> {
      unsubscribe();
      await outbox.stop();
    },
  };
}
