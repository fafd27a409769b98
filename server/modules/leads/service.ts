import type { FinanceProgramme } from '#core/purchase/types.ts';
import { timingSafeEqual } from 'node:crypto';
import type { Locale } from '#core/i18n/locales.ts';
import { CONTACT_CHANNELS, REQUEST_TYPES, subscriptionTopicForUrl, type SeoFilterQuery, type SubscriptionTopic } from '#core/schemas/lead.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import type { Db } from '../../db/client.ts';
import { createBooking, type VersionedRead } from './booking.ts';
import { createBudgets, type LeadState } from './budgets.ts';
import { createCaptcha, type Challenge } from './captcha.ts';
import type { OnceStore } from '../../redis.ts';
import { createLeadMetrics, scrapeLeadMetrics } from './metrics.ts';
import type { BookingKind, OfficeResource } from './schedule.ts';
import { DEFAULT_LEAD_SETTINGS, type LeadSettings } from './settings.ts';
import { createSubmit, type DirectoryProject, type LeadLogger, type LotLookup } from './submit.ts';

/**
 * The lead service (ADR 006), wired from its parts: `submit.ts` (validate, defend, commit), `budgets.ts` (per
 * client and per phone, proof of work), `booking.ts` (slots, specs, facets), `answers.ts` (what the visitor is
 * told), `metrics.ts` (counters and the outbox gauges) and `store.ts` (locks and storage errors).
 */
export { answerFor, type LeadAnswer } from './answers.ts';
export { CLIENT_KEY_RETENTION_MS } from './budgets.ts';
export { LeadStoreError } from './store.ts';
export type { SubmitMeta, SubmitOutcome } from './submit.ts';

/** `projects`: the catalogue's projects (the service reads them when a form names one). */
export function createLeadService(
  db: Db,
  log: LeadLogger,
  projects: () => Promise<DirectoryProject[]> = async () => [],
  programmes: () => Promise<FinanceProgramme[]> = async () => [],
  offices: () => Promise<OfficeResource[]> = async () => [],
  /** How the free seats' reads are versioned for page renders (kind `bookings`). */
  bookingRead?: VersionedRead,
  /** The catalogue's lots by id: a request naming a lot carries its state as the catalogue has it (submit.ts `lotDetails`). */
  lots?: LotLookup,
) {
  const state: LeadState = { settings: DEFAULT_LEAD_SETTINGS, limitsSince: new Date(0) };
  const metrics = createLeadMetrics();
  // Where spent proof-of-work solutions are remembered: this process until the app shares a Redis (ADR 024).
  let replays: OnceStore | undefined;
  const captcha = createCaptcha({
    secret: () => state.settings.captchaSecret,
    complexity: () => state.settings.captchaComplexity,
    replays: () => replays,
  });
  const budgets = createBudgets(db, state);
  const booking = createBooking(db, projects, offices, bookingRead);
  const committedListeners = new Set<() => void>();
  const submit = createSubmit({
    db,
    log,
    state,
    budgets,
    booking,
    captcha,
    metrics,
    projects,
    programmes,
    ...(lots ? { lots } : {}),
    committed: () => {
      for (const listener of committedListeners) listener();
    },
  });

  return {
    metrics,
    get settings(): LeadSettings {
      return state.settings;
    },
    /** Called once by the HTTP app with the server configuration (ADR 006). */
    configure(next: LeadSettings): void {
      state.settings = next;
    },
    /** Spent proof-of-work solutions are remembered in `store` (Redis, shared by every instance) from now on. */
    shareReplays(store: OnceStore): void {
      replays = store;
    },
    /** Wakes the outbox job now (the back office queued a redelivery, ADR 025). */
    wakeDelivery(): void {
      for (const listener of committedListeners) listener();
    },
    /** The outbox job subscribes to start delivering as soon as a lead is committed. */
    onCommitted(listener: () => void): () => void {
      committedListeners.add(listener);
      return () => committedListeners.delete(listener);
    },

    /** `/api/captcha_bypass/`: whether this client must solve a proof of work, and the challenge if so. */
    async captchaStatus(ip: string, now = new Date()): Promise<{ bypass: true } | { bypass: false; challenge: Challenge }> {
      return (await budgets.captchaRequired(db, budgets.clientKey(ip), now)) ? { bypass: false, challenge: captcha.create(now.getTime()) } : { bypass: true };
    },

    partnerAuthRequired(): boolean {
      return state.settings.partnerBasicAuth !== null;
    },
    checkPartnerAuth(authorization: string | undefined | null): boolean {
      if (!state.settings.partnerBasicAuth) return true;
      const expected = Buffer.from(`Basic ${Buffer.from(state.settings.partnerBasicAuth).toString('base64')}`);
      const given = Buffer.from(authorization ?? '');
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    submit,

    /**
     * `/api/subscription_forms/?url=`: the block's topic, its heading (`headings`: the back office's, the catalog's where
     * there is none) and where to post (the spec's dynamic URL).
     */
    subscriptionForm(url: string, headings: Record<SubscriptionTopic, { title: string; description: string }>, seoFilterQuery?: SeoFilterQuery) {
      const { topic, project } = subscriptionTopicForUrl(url, { seoFilterQuery });
      return {
        topic,
        project,
        title: headings[topic].title,
        description: headings[topic].description,
        submit_url: `/api/subscription_forms/${topic}/submit/`,
        fields: ['name', 'phone', 'email', 'newsletter', 'consent'],
      };
    },

    requestSpecs(locale: Locale) {
      const t = CATALOGS[locale].forms;
      return [
        { name: 'type', label: t.fields.requestType, kind: 'choices', choices: REQUEST_TYPES.map((value) => ({ value, label: t.requestTypes[value] })) },
        { name: 'channel', label: t.fields.channel, kind: 'choices', choices: CONTACT_CHANNELS.map((value) => ({ value, label: t.channels[value] })) },
      ];
    },

    bookingSpecs: (kind: BookingKind, locale: Locale, now = new Date()) => booking.specs(kind, locale, now),
    /** The projects a form offers, in the visitor's language (presale ones marked). */
    async projectChoices(locale: Locale): Promise<{ value: string; label: string; presale: boolean }[]> {
      return (await projects()).map((p) => ({ value: String(p.id), label: p.name[locale], presale: p.presale }));
    },
    bookingFacets: booking.facets,
    bookingDay: booking.day,
    partnerMeetingList: booking.partnerMeetingList,

    /** Counters and the outbox backlog gauges, in Prometheus' text format. */
    renderMetrics: (now = new Date()): Promise<string> => scrapeLeadMetrics(db, metrics, now),

    forgetClientKeys: budgets.forgetClientKeys,

    /** Starts every budget afresh: leads committed before now no longer count (tests). */
    resetLimits(now = new Date()): void {
      state.limitsSince = now;
    },
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
