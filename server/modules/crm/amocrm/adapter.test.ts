import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAmoCrm, type FakeAmoCrm } from '#tests/support/fake-amocrm.ts';
import { CrmAuthError, CrmRateLimitError, type CrmLeadFacts } from '../adapter.ts';
import { createAmoCrmAdapter, eventNote } from './adapter.ts';
import { AMO_RATE_LIMIT_FLOOR_MS, AmoCrmError } from './client.ts';
import { amocrmConfigSchema, amoSettings, type AmoSettings } from './config.ts';

/** The adapter against the amoCRM stand-in (tests/support/fake-amocrm.ts): what a retry, a rate limit and a refused token do. */
const TOKEN = 'amo-long-lived-token-0123456789abcdef';
const ID_FIELD = 1_000_001;
let fake: FakeAmoCrm;
let settings: AmoSettings;
let n = 0;

function facts(over: Partial<CrmLeadFacts> = {}): CrmLeadFacts {
  n++;
  return {
    leadId: `6f1c2d3e-4a5b-4c6d-8e9f-${String(n).padStart(12, '0')}`,
    createdAt: new Date('2026-11-20T09:00:01Z'),
    kind: 'callback',
    kindText: 'Обратный звонок',
    topic: null,
    title: 'Обратный звонок с сайта',
    locale: 'ru',
    managerLanguage: 'ru',
    name: 'Анна',
    phone: `+7916${String(1_000_000 + n)}`,
    email: `anna${n}@example.ru`,
    consentAt: new Date('2026-11-20T09:00:00Z'),
    newsletter: false,
    comment: null,
    pageUrl: null,
    lot: null,
    programme: null,
    meeting: null,
    reservation: null,
    attribution: {
      utmSource: 'yandex',
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
    ...over,
  };
}

beforeAll(async () => {
  fake = await startFakeAmoCrm({ token: TOKEN, leadFieldIds: [ID_FIELD, 1_000_002] });
  const config = amocrmConfigSchema.parse({ AMOCRM_BASE_URL: fake.url, AMOCRM_TOKEN: TOKEN, AMOCRM_ID_FIELD_ID: String(ID_FIELD) });
  settings = { ...amoSettings({ ...config, CRM_TIMEOUT_MS: 30_000 })!, timeoutMs: 30_000 };
});
afterAll(() => fake.close());
beforeEach(() => fake.renewToken());

describe('the amoCRM adapter', () => {
  it('adds a deal with its contact and a note of every fact, and reads it back', async () => {
    const adapter = createAmoCrmAdapter(settings);
    const lead = facts();
    const { externalId } = await adapter.sendLead(lead);
    const deal = fake.leads.get(Number(externalId))!;
    expect(deal.name).toBe('Обратный звонок с сайта');
    expect(fake.contacts.get(deal.contactId!)?.name).toBe('Анна');
    expect(fake.notes.filter((note) => note.entity_id === deal.id).map((note) => note.params.text.split('\n')[0])).toEqual([
      `Номер заявки на сайте: ${lead.leadId}`,
    ]);
    expect(await adapter.readDeal(externalId)).toEqual({ externalId, stageCode: String(fake.statusIds[0]), leadId: lead.leadId, reservationId: lead.leadId });
    expect(await adapter.readDeal('99999999')).toBeNull();
    expect(await adapter.readDeal('not-a-deal')).toBeNull();
  });

  it('finds the deal a timed-out attempt made instead of adding a second one, and adds its note once', async () => {
    const adapter = createAmoCrmAdapter(settings);
    const lead = facts();
    const before = fake.calls('/api/v4/leads/complex').length;
    // The searches answer; the complex add is done, but its answer never comes.
    const failing = createAmoCrmAdapter(settings, {
      fetch: async (input, init) => {
        if (String(input).endsWith('/api/v4/leads/complex')) fake.failNext('reset');
        return fetch(input, init);
      },
    });
    await expect(failing.sendLead(lead)).rejects.toMatchObject({ kind: 'network' });
    expect(fake.calls('/api/v4/leads/complex').length).toBe(before + 1);
    const { externalId } = await adapter.sendLead(lead);
    const again = await adapter.sendLead(lead);
    expect(again.externalId).toBe(externalId);
    expect(fake.calls('/api/v4/leads/complex').length).toBe(before + 1);
    expect(fake.leadsByOurId(ID_FIELD).get(lead.leadId)).toEqual([Number(externalId)]);
    expect(fake.notes.filter((note) => note.entity_id === Number(externalId))).toHaveLength(1);
  });

  it('attaches the contact a manager already has, found by phone or by e-mail', async () => {
    const adapter = createAmoCrmAdapter(settings);
    const byPhone = facts();
    const known = fake.addContact('Анна Петрова', `8 (916) ${byPhone.phone!.slice(5, 8)}-${byPhone.phone!.slice(8, 10)}-${byPhone.phone!.slice(10)}`, null);
    const first = await adapter.sendLead(byPhone);
    expect(fake.leads.get(Number(first.externalId))?.contactId).toBe(known);
    const byEmail = facts({ phone: null });
    const knownByEmail = fake.addContact('Анна', null, byEmail.email!.toUpperCase());
    const second = await adapter.sendLead(byEmail);
    expect(fake.leads.get(Number(second.externalId))?.contactId).toBe(knownByEmail);
    const contacts = fake.contacts.size;
    await adapter.sendLead(facts());
    expect(fake.contacts.size).toBe(contacts + 1);
  });

  it('adds without looking on a first attempt, and looks from the second on', async () => {
    const adapter = createAmoCrmAdapter(settings);
    const lead = facts();
    const searches = () => fake.calls('/api/v4/leads', 'GET').filter((r) => r.path === '/api/v4/leads').length;
    const before = searches();
    const { externalId } = await adapter.sendLead(lead, { attempt: 1 });
    expect(searches()).toBe(before);
    expect((await adapter.sendLead(lead, { attempt: 2 })).externalId).toBe(externalId);
    expect(searches()).toBe(before + 1);
  });

  it("makes a paid reservation's deal once, in its own field, and adds each event as a note once", async () => {
    const reservationId = '0b9e6a0e-5a4b-4c3d-9e2f-000000000001';
    const adapter = createAmoCrmAdapter({ ...settings, reservationFieldId: 1_000_002 });
    const deal = facts({ kind: 'reservation', leadId: reservationId, reservation: { id: reservationId, depositRub: 50_000, endsAt: null } });
    const paid = { eventId: 1, kind: 'paid', at: new Date('2026-11-20T10:00:00Z'), stage: null, text: 'Задаток оплачен', facts: deal, dealId: null };
    // The first event's answer is lost after the deal and its note were made.
    const lossy = createAmoCrmAdapter(
      { ...settings, reservationFieldId: 1_000_002 },
      {
        fetch: async (input, init) => {
          if (String(input).includes('/notes') && init?.method === 'POST') fake.failNext('reset');
          return fetch(input, init);
        },
      },
    );
    await expect(lossy.sendReservationEvent(paid, { attempt: 1 })).rejects.toMatchObject({ kind: 'network' });
    const { dealId } = await adapter.sendReservationEvent(paid, { attempt: 2 });
    expect(fake.leadsByOurId(1_000_002).get(reservationId)).toEqual([Number(dealId)]);
    const stage = {
      ...paid,
      eventId: 2,
      kind: 'stage',
      stage: 'contract_prepared',
      text: 'Этап сделки: contract_prepared',
      at: new Date('2026-11-21T10:00:00Z'),
    };
    expect(await adapter.sendReservationEvent({ ...stage, dealId }, { attempt: 1 })).toEqual({ dealId });
    expect(await adapter.sendReservationEvent({ ...stage, dealId }, { attempt: 2 })).toEqual({ dealId });
    const texts = fake.notes.filter((note) => note.entity_id === Number(dealId)).map((note) => note.params.text);
    expect(texts.filter((text) => text === eventNote(paid))).toHaveLength(1);
    expect(texts.filter((text) => text === eventNote(stage))).toHaveLength(1);
    expect(texts.filter((text) => text.startsWith(`Номер заявки на сайте: ${reservationId}`))).toHaveLength(1);
  });

  it('tells a rate limit (429, 503) with the wait amoCRM asks for, never under the floor', async () => {
    const adapter = createAmoCrmAdapter(settings);
    fake.failNext('429');
    const limited = await adapter.sendLead(facts()).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(CrmRateLimitError);
    expect((limited as CrmRateLimitError).retryAfterMs).toBe(AMO_RATE_LIMIT_FLOOR_MS);
    fake.failNext('503');
    await expect(adapter.sendLead(facts())).rejects.toBeInstanceOf(CrmRateLimitError);
  });

  it('tells a refused token as an auth failure that names the setting, not the token', async () => {
    const adapter = createAmoCrmAdapter(settings);
    fake.expireToken();
    const refused = await adapter.sendLead(facts()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CrmAuthError);
    expect(String(refused)).toMatch(/AMOCRM_TOKEN/);
    expect(String(refused)).not.toContain(TOKEN);
  });

  it("names the fields amoCRM refused, and none of the lead's values", async () => {
    const adapter = createAmoCrmAdapter({ ...settings, fields: { ...settings.fields, 'lot.number': 424242 } });
    const lead = facts({
      lot: {
        id: 1,
        number: '22',
        type: 'flat',
        typeText: 'Квартира',
        project: 'ЖК',
        building: null,
        floor: null,
        areaM2: null,
        priceRub: null,
        url: 'https://x/',
      },
    });
    const refused = await adapter.sendLead(lead).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AmoCrmError);
    expect((refused as AmoCrmError).kind).toBe('validation');
    expect((refused as AmoCrmError).details.fields).toEqual(['custom_fields_values.2.field_id (NotSupportedChoice)']);
    for (const value of [lead.name, lead.phone!, lead.email!, '22']) expect((refused as Error).message).not.toContain(value);
  });
});
