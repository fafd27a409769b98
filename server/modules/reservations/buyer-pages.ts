import type { Locale } from '#core/i18n/locales.ts';
import type { FinanceProgramme } from '#core/purchase/types.ts';
import type { Db } from '../../db/client.ts';
import { versionedQuery } from '../../db/read-tracking.ts';
import type { DataVersions } from '../../db/versions.ts';
import { cancelByBuyer, type CancelOutcome } from './cancel.ts';
import { envReservationDefaults } from './config.ts';
import { reservationCommitted } from './crm.ts';
import { reservationByToken } from './deals-token.ts';
import { dealView, type DealView } from './deals-view.ts';
import { paymentFlowFor, type FlowLog, type FlowSettings, type PaymentFlow } from './flow.ts';
import { bookHandover, type BookHandoverResult } from './handover.ts';
import { resumeReservation, startReservation, type StartOutcome } from './payment.ts';
import { lotNamesOf, lotProgrammesOf, type LotProgrammes, type ProgrammeSources } from './programmes.ts';
import { reservationSettingsFor } from './settings.ts';

/** The terms a project's lots are offered with online, as the buyer's pages state them. */
export type ReservationTermsView = { depositKopecks: number; periodDays: number; refundWindowDays: number; holdMinutes: number };

/**
 * What the buyer's pages (app/routes/reserve.tsx, app/routes/deal.tsx) may do with reservations, through the SSR load
 * context (`AppLoadValues.reservations`): the same functions as the API's (`POST /api/reservations/`, the deal's
 * cancel and handover calls), so a form without JavaScript and a call with it come to one outcome. Null when online
 * payments are not configured: then no page offers to reserve and the reserve page is a 404.
 */
export type BuyerReservations = {
  /** The project's terms when online reservation is enabled for it, else null. A versioned read: the page stays kept. */
  offer(projectId: number): Promise<ReservationTermsView | null>;
  /** The finance programmes a buyer may choose for the lot on the reserve page (the lot page's; none for an unknown lot). */
  programmes(lotId: number): Promise<FinanceProgramme[]>;
  start(input: Record<string, unknown>, locale: Locale, attemptKey?: string | null): Promise<StartOutcome>;
  /** The same payment page for a repeated post of the reserve form's attempt while its hold lasts, else null. */
  resume(attemptKey: string, lotId: number): Promise<StartOutcome | null>;
  /** The deal a token opens (null: unknown or revoked token). Never cached. */
  deal(token: string, locale: Locale, now?: Date): Promise<DealView | null>;
  cancel(token: string): Promise<CancelOutcome>;
  bookHandover(token: string, slot: string, locale: Locale): Promise<BookHandoverResult>;
};

export type BuyerReservationsDeps = {
  flow: PaymentFlow | null;
  /** The project's settings (its row, else the site's, else the environment's defaults). */
  settings: (projectId: number) => Promise<{ enabled: boolean; depositKopecks: number; periodDays: number; refundWindowDays: number }>;
  holdMinutes: number;
  /** Runs a read a kept page shows under the data version that follows it (server/db/read-tracking.ts `versionedQuery`). */
  versioned: <T>(load: () => Promise<T>) => Promise<T>;
};

export function buyerReservations(deps: BuyerReservationsDeps): BuyerReservations | null {
  const { flow } = deps;
  if (!flow) return null;
  return {
    async offer(projectId) {
      const terms = await deps.versioned(() => deps.settings(projectId));
      if (!terms.enabled) return null;
      return { depositKopecks: terms.depositKopecks, periodDays: terms.periodDays, refundWindowDays: terms.refundWindowDays, holdMinutes: deps.holdMinutes };
    },
    programmes: async (lotId) => (flow.programmes ? ((await flow.programmes(lotId)) ?? []) : []),
    start: (input, locale, attemptKey) => startReservation(flow, input, { locale, attemptKey: attemptKey ?? null }),
    resume: (attemptKey, lotId) => resumeReservation(flow, attemptKey, lotId),
    deal: (token, locale, now) => dealView(flow.db, token, { locale, now: now ?? flow.now() }),
    async cancel(token) {
      const row = await reservationByToken(flow.db, token);
      return row ? cancelByBuyer(flow, row.id, token) : { type: 'not_found' };
    },
    bookHandover: (token, slot, locale) => bookHandover(flow.db, token, { slot, locale }, { now: flow.now(), fanout: flow.fanout }),
  };
}

/**
 * The pages' reservations of this configuration (server/app.ts hands them to the SSR load context), or null without
 * YooKassa. A change they commit wakes the CRM's outbox and checks the data versions at once, as the API's does.
 */
export function buyerReservationsFor(
  config: FlowSettings,
  parts: { db: Db; log: FlowLog; versions: Pick<DataVersions, 'check' | 'get'> } & Partial<ProgrammeSources>,
): BuyerReservations | null {
  const { db, log, versions, finance, catalogue } = parts;
  const programmes: LotProgrammes | undefined = finance && catalogue ? lotProgrammesOf({ finance, catalogue }) : undefined;
  const flow = paymentFlowFor(config, {
    db,
    log,
    programmes,
    lotNames: catalogue ? lotNamesOf({ catalogue }) : undefined,
    changed: () => {
      reservationCommitted(db);
      versions.check().catch((error: unknown) => log.warn({ err: error }, 'data versions check after a reservation change failed'));
    },
  });
  return buyerReservations({
    flow,
    settings: (projectId) => reservationSettingsFor(db, projectId),
    holdMinutes: envReservationDefaults().holdMinutes,
    // Read under the content's version (reservation_settings moves it, migration 0029: the terms are the back
    // office's, like the site's settings): a lot page showing the offer stays kept, and is made again when the terms
    // change. Not under the catalogue's: a page records that as the loaded lot index's version, another value, and a
    // kind read at two versions is never kept.
    versioned: (load) => versionedQuery('content', versions.get('content'), load),
  });
}
