/**
 * The contract every CRM adapter keeps (issue #43, ADR 040): Bitrix24 (bitrix24/) and amoCRM (amocrm/) beside the
 * generic signed webhook and e-mail of the lead pipeline (ADR 006). Each adapter is a delivery channel of its own:
 * its own rows in `lead_deliveries` / `reservation_deliveries`, its own outbox loop, so one failing CRM never holds
 * back another.
 */

/** The CRM channels, as `lead_deliveries.channel` and `reservation_deliveries.channel` name them. */
export const CRM_CHANNELS = ['bitrix24', 'amocrm'] as const;
export type CrmChannel = (typeof CRM_CHANNELS)[number];

/**
 * Everything a manager should see of one lead, already read and worded (facts.ts builds it from the lead row and the
 * catalogue as it is when the lead is sent). Absent facts are null, never invented.
 */
export type CrmLeadFacts = {
  /** The site's own lead id (UUID): sent to the CRM so that a retry finds the lead instead of making a second one. */
  leadId: string;
  createdAt: Date;
  /** Form kind (`callback`, `meeting`, `mortgage`…) and its Russian words for the manager. */
  kind: string;
  kindText: string;
  topic: string | null;
  /** A short title for the CRM card: «Заявка с сайта: Подбор ипотеки — ЖК Липовый, кв. 22». */
  title: string;
  locale: 'ru' | 'en' | 'zh';
  managerLanguage: 'ru' | 'en';
  name: string;
  /** E.164 (`+79161234567`), or null when the form had no phone. */
  phone: string | null;
  email: string | null;
  /** The agency or partner company the form named (broker tour, partner meeting); absent or null otherwise. */
  company?: string | null;
  consentAt: Date;
  newsletter: boolean;
  comment: string | null;
  /** The page the form was sent from (absolute URL). */
  pageUrl: string | null;
  lot: {
    id: number;
    number: string;
    type: string;
    typeText: string;
    project: string;
    building: string | null;
    floor: number | null;
    areaM2: number | null;
    /**
     * The price the lot is offered at now, as the site states it (core `offeredPrice`: an auction's best bid or start
     * price, the list price, none once sold); for premises let for rent (`rent`) the monthly rent.
     */
    priceRub: number | null;
    /** Let for rent: `priceRub` is a monthly rent, never the deal's amount. */
    rent?: boolean;
    url: string;
  } | null;
  programme: { name: string; monthlyPaymentRub: number | null; downPaymentRub: number | null; termMonths: number | null } | null;
  meeting: { at: Date | null; office: string | null } | null;
  reservation: { id: string; depositRub: number; endsAt: Date | null } | null;
  attribution: {
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
    utmContent: string | null;
    utmTerm: string | null;
    referrer: string | null;
    landingPage: string | null;
    /** The counters' client ids: Yandex Metrica's and Google Analytics'. */
    yandexClientId: string | null;
    googleClientId: string | null;
  };
  /** Every other detail of the form as `label: value` lines (Russian), for the CRM's comment field. */
  otherLines: string[];
};

/** The CRM refused our credentials (401/403, an expired or revoked token): the adapter stops and tells the operator. */
export class CrmAuthError extends Error {
  override name = 'CrmAuthError';
}

/** The CRM asked us to slow down (HTTP 429, Bitrix24 QUERY_LIMIT_EXCEEDED…): back off at least `retryAfterMs`. */
export class CrmRateLimitError extends Error {
  override name = 'CrmRateLimitError';
  readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

/** A deal as the CRM has it now, read back through its API: the only thing an inbound webhook is believed for. */
export type CrmDealState = {
  /** The CRM's deal/lead id. */
  externalId: string;
  /** The CRM's own stage or status code (`C1:PREPARATION`, amoCRM status id as a string). */
  stageCode: string;
  /** The site's reservation id the deal carries (our field), or null when it is not one of ours. */
  reservationId: string | null;
  /** The site's lead id the deal carries, or null. */
  leadId: string | null;
};

/** Where a delivery stands: `attempt` counts this one (1 = first), so from the second on the adapter looks first. */
export type CrmSendContext = { attempt: number };

/**
 * One event of a paid reservation's deal (reservation_events, docs/guides/reservations.md): the deal is made once (by
 * the reservation's id: `facts.leadId` is the reservation's id, `facts.reservation` is set) and every event after it
 * is a note on it. `dealId` is the CRM's deal as crm_links remembers it (null before the deal is known here).
 */
export type CrmReservationEvent = {
  eventId: number;
  /** The timeline's kind: held, paid, extended, canceled, ended, stage, refund_requested, refunded… */
  kind: string;
  at: Date;
  /** The deal tracker's stage after a `stage` event. */
  stage: string | null;
  /** The event in the manager's words (Russian), with its moment: the note's text. */
  text: string;
  facts: CrmLeadFacts;
  dealId: string | null;
};

export interface CrmAdapter {
  readonly channel: CrmChannel;
  /**
   * Delivers one lead; idempotent by `facts.leadId` (a repeat finds the first one: from `context.attempt` 2 on, the
   * adapter looks the lead up by our id before adding). Resolves with the CRM's id.
   */
  sendLead(facts: CrmLeadFacts, context?: CrmSendContext): Promise<{ externalId: string }>;
  /**
   * Delivers one event of a paid reservation: makes its deal if there is none yet (found again by the reservation's
   * id), then adds the event as a note. Resolves with the deal's id (written to crm_links). Without it, the adapter
   * takes no reservations (their rows are marked done).
   */
  sendReservationEvent?(event: CrmReservationEvent, context: CrmSendContext): Promise<{ dealId: string }>;
  /** Reads a deal back by the CRM's id (inbound webhooks are verified this way); null when it does not exist. */
  readDeal(externalId: string): Promise<CrmDealState | null>;
  close?(): Promise<void>;
}
