import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBitrix24, type FakeBitrix24 } from '#tests/support/fake-bitrix24.ts';
import type { CrmLeadFacts, CrmReservationEvent } from '../adapter.ts';
import { createBitrix24Adapter, reservationIdValue } from './adapter.ts';
import { bitrix24Settings } from './settings.ts';
import { bitrix24ConfigSchema } from '../config.ts';

/**
 * A paid reservation is one Bitrix24 deal, however its events fail (issue #43 review): an event that made the deal and
 * then failed on its note leaves no link behind, and the next event of the same reservation — on its own first
 * attempt — must find that deal by our id instead of making a second one.
 */
let fake: FakeBitrix24;
beforeAll(async () => {
  fake = await startFakeBitrix24();
});
afterAll(() => fake.close());

const RESERVATION = '0b7d3c1e-2f4a-4b5c-9d6e-7f8091a2b3c4';
const facts: CrmLeadFacts = {
  leadId: RESERVATION,
  createdAt: new Date('2026-11-20T09:00:00Z'),
  kind: 'reservation',
  kindText: 'Бронирование',
  topic: null,
  title: 'Бронирование с задатком — ЖК Липовый, кв. 22',
  locale: 'ru',
  managerLanguage: 'ru',
  name: 'Анна',
  phone: '+79161234567',
  email: 'anna@example.ru',
  consentAt: new Date('2026-11-20T09:00:00Z'),
  newsletter: false,
  comment: null,
  pageUrl: null,
  lot: null,
  programme: null,
  meeting: null,
  reservation: { id: RESERVATION, depositRub: 50_000, endsAt: null },
  attribution: {
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmContent: null,
    utmTerm: null,
    referrer: null,
    landingPage: null,
    yandexClientId: null,
    googleClientId: null,
  },
  otherLines: [],
};
const event = (eventId: number, text: string): CrmReservationEvent => ({ eventId, kind: 'paid', at: new Date(), stage: null, text, facts, dealId: null });

describe('a paid reservation’s Bitrix24 deal', () => {
  it('is made once: the next event finds the deal an earlier one made before its note failed', async () => {
    const settings = { ...bitrix24Settings(bitrix24ConfigSchema.parse({ BITRIX24_WEBHOOK_URL: fake.url, BITRIX24_MODE: 'deal' }) as never)!, timeoutMs: 5_000 };
    // The portal refuses the first note (QUERY_LIMIT_EXCEEDED after a burst of calls): the deal is made, the event fails.
    let refuseNote = true;
    const fetching: typeof fetch = async (input, init) => {
      if (refuseNote && String(input).includes('crm.timeline.comment.add')) {
        refuseNote = false;
        return Response.json({ error: 'QUERY_LIMIT_EXCEEDED', error_description: 'Too many requests' }, { status: 503 });
      }
      return fetch(input, init);
    };
    const adapter = createBitrix24Adapter(settings, { fetch: fetching });
    await expect(adapter.sendReservationEvent!(event(1, 'Задаток оплачен'), { attempt: 1 })).rejects.toThrow();
    const ours = () => [...fake.deals.values()].filter((d) => d.ORIGIN_ID === reservationIdValue(RESERVATION));
    expect(ours()).toHaveLength(1);
    // The reservation's next event, on its first attempt, before the first is retried.
    const { dealId } = await adapter.sendReservationEvent!(event(2, 'Бронирование продлено'), { attempt: 1 });
    expect(ours()).toHaveLength(1);
    expect(dealId).toBe(String(ours()[0]!.ID));
    // The first event's retry: the same deal, its note added once.
    await adapter.sendReservationEvent!(event(1, 'Задаток оплачен'), { attempt: 2 });
    expect(ours()).toHaveLength(1);
    expect(fake.comments.filter((c) => String(c.ENTITY_ID) === dealId).map((c) => c.COMMENT.replace(/ \(.*\)$/, ''))).toEqual([
      '[site-event-2] Бронирование продлено',
      '[site-event-1] Задаток оплачен',
    ]);
  });
});
