import type { LotCard } from '#core/catalogue/types.ts';
import type { FinanceProgramme } from '#core/purchase/types.ts';

/**
 * What the buyer's pages show of a reservation (issue #39): plain data made by the loaders
 * (app/loaders/reservations.server.ts) from the reservations module, so the components know no server code.
 */

/** The terms of an online reservation as the server sets them for a lot's project (never taken from the browser). */
export type ReservationOffer = {
  depositKopecks: number;
  periodDays: number;
  refundWindowDays: number;
  /** How long an unpaid hold keeps the lot (RESERVATION_HOLD_MINUTES). */
  holdMinutes: number;
};

/**
 * The finance programmes a buyer may choose on the reserve page (the lot page's rule: those offered for the lot), their
 * lenders' names in the visitor's language, and the lot's price they are quoted at.
 */
/**
 * One finance programme the reserve form offers, in the visitor's words: its name and lender, its terms, the monthly
 * payment at the lot's price. Worded on the server (reserve-programmes.server.ts), so the form's code carries no
 * payment maths or lender names: the pages that share its modules keep their first load as it was.
 */
export type ReserveProgrammeOption = { id: string; name: string; terms: string; monthly: string | null };
export type ReserveProgrammes = { options: ReserveProgrammeOption[] };

export const DEAL_STAGES = ['reserved', 'contract_prepared', 'contract_signed', 'registered', 'keys'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

/**
 * The deal page's state, from the reservation's: `pending` is a hold waiting for its payment; `canceled` covers a
 * cancellation by the buyer or staff (its refund told apart by `refund`); `completed` is a deal whose keys were handed over.
 */
export type DealState = 'pending' | 'reserved' | 'canceled' | 'expired' | 'ended' | 'completed';

export type DealDocument = { id: string; title: string; url: string; bytes: number; createdAt: string };

export type DealSchedule = {
  programme: string;
  kind: FinanceProgramme['kind'];
  /** The programme's rate and markup (%) as the database holds them now (never copied onto the reservation). */
  rate: number;
  markup: number;
  downPaymentKopecks: number;
  monthlyKopecks: number;
  termMonths: number;
  rows: { month: number; paymentKopecks: number; balanceKopecks: number }[];
};

export type DealView = {
  state: DealState;
  lot: LotCard;
  depositKopecks: number;
  holdExpiresAt: string;
  paidAt: string | null;
  endsAt: string | null;
  endedAt: string | null;
  stage: DealStage;
  /** Each stage with the moment it was reached, null while pending. */
  stages: { stage: DealStage; at: string | null }[];
  documents: DealDocument[];
  schedule: DealSchedule | null;
  manager: { name: string | null; phone: string | null; email: string | null };
  /** The buyer may cancel with a full refund until `deadline` (null once past it, or when the state allows none). */
  cancel: { deadline: string; open: boolean } | null;
  refund: { amountKopecks: number; done: boolean } | null;
  /** The key handover booking, offered once the deal is registered. */
  handover: { slots: { value: string; at: string }[]; booked: string | null } | null;
};

export type { LotCard };
