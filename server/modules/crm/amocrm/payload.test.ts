import { describe, expect, it } from 'vitest';
import type { CrmLeadFacts } from '../adapter.ts';
import { amocrmConfigSchema, amocrmProblems, amoSettings, amoSubdomain, type AmoSettings } from './config.ts';
import { complexLead, contactMatches, fieldText, isLeadNote, leadNote, phoneQuery } from './payload.ts';

const LEAD_ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

function facts(over: Partial<CrmLeadFacts> = {}): CrmLeadFacts {
  return {
    leadId: LEAD_ID,
    createdAt: new Date('2026-11-20T09:00:01Z'),
    kind: 'request',
    kindText: 'Заявка',
    topic: 'mortgage',
    title: 'Заявка с сайта: Подбор ипотеки — ЖК Липовый, кв. 22',
    locale: 'en',
    managerLanguage: 'en',
    name: 'Анна',
    phone: '+79161234567',
    email: 'anna@example.ru',
    consentAt: new Date('2026-11-20T09:00:00Z'),
    newsletter: true,
    comment: 'Позвоните вечером',
    pageUrl: 'https://www.example.ru/lipovy/flat/22',
    lot: {
      id: 101,
      number: '22',
      type: 'flat',
      typeText: 'Квартира',
      project: 'ЖК Липовый',
      building: 'Корпус 1',
      floor: 5,
      areaM2: 54.3,
      priceRub: 9_900_000.4,
      url: 'https://www.example.ru/lipovy/flat/22',
    },
    programme: { name: 'Семейная ипотека', monthlyPaymentRub: 53_123, downPaymentRub: 1_980_000, termMonths: 240 },
    meeting: { at: new Date('2026-11-25T08:00:00Z'), office: 'Офис продаж на Липовой' },
    reservation: null,
    attribution: {
      utmSource: 'yandex',
      utmMedium: 'cpc',
      utmCampaign: 'autumn',
      utmContent: 'banner',
      utmTerm: 'квартира',
      referrer: 'https://ya.ru/',
      landingPage: 'https://www.example.ru/?utm_source=yandex',
      yandexClientId: '1732000000123456789',
      googleClientId: '123456789.1732000000',
    },
    otherLines: ['Способ связи: phone'],
    ...over,
  };
}

const BASE = { AMOCRM_BASE_URL: 'https://developer.amocrm.ru', AMOCRM_TOKEN: 'x'.repeat(40), AMOCRM_ID_FIELD_ID: '1000001' };

function settings(env: Record<string, string> = {}): AmoSettings {
  const parsed = amocrmConfigSchema.parse({ ...BASE, ...env });
  const made = amoSettings({ ...parsed, CRM_TIMEOUT_MS: 5_000 });
  if (!made) throw new Error('the adapter should be on');
  return made;
}

describe("a lead as amoCRM's complex add takes it", () => {
  it('puts our id in its field and as request_id, the lot price as the budget, the UTM tags in the tracking fields and a new contact', () => {
    const lead = complexLead(facts(), settings({ AMOCRM_PIPELINE_ID: '7000001', AMOCRM_STATUS_ID: '7100001' }), null);
    expect(lead).toEqual({
      name: 'Заявка с сайта: Подбор ипотеки — ЖК Липовый, кв. 22',
      price: 9_900_000,
      pipeline_id: 7_000_001,
      status_id: 7_100_001,
      request_id: LEAD_ID,
      custom_fields_values: [
        { field_id: 1_000_001, values: [{ value: LEAD_ID }] },
        { field_code: 'UTM_SOURCE', values: [{ value: 'yandex' }] },
        { field_code: 'UTM_MEDIUM', values: [{ value: 'cpc' }] },
        { field_code: 'UTM_CAMPAIGN', values: [{ value: 'autumn' }] },
        { field_code: 'UTM_CONTENT', values: [{ value: 'banner' }] },
        { field_code: 'UTM_TERM', values: [{ value: 'квартира' }] },
        { field_code: 'REFERRER', values: [{ value: 'https://ya.ru/' }] },
        { field_code: '_YM_UID', values: [{ value: '1732000000123456789' }] },
        { field_code: 'GCLIENTID', values: [{ value: '123456789.1732000000' }] },
      ],
      _embedded: {
        contacts: [
          {
            name: 'Анна',
            custom_fields_values: [
              { field_code: 'PHONE', values: [{ value: '+79161234567', enum_code: 'MOB' }] },
              { field_code: 'EMAIL', values: [{ value: 'anna@example.ru', enum_code: 'WORK' }] },
            ],
          },
        ],
        tags: [{ name: 'Заявка' }],
      },
    });
  });

  it('writes the mapped facts to the fields by id, drops a default mapped to empty, and attaches a contact found by id', () => {
    const mapped = settings({
      AMOCRM_FIELDS: JSON.stringify({
        'lot.number': 2001,
        'lot.areaM2': 2002,
        'programme.monthlyPaymentRub': 2003,
        newsletter: 2004,
        'meeting.at': 2005,
        'attribution.googleClientId': '',
      }),
    });
    const lead = complexLead(facts(), mapped, { id: 555 });
    expect(lead.custom_fields_values).toEqual(
      expect.arrayContaining([
        { field_id: 2001, values: [{ value: '22' }] },
        { field_id: 2002, values: [{ value: 54.3 }] },
        { field_id: 2003, values: [{ value: 53_123 }] },
        { field_id: 2004, values: [{ value: true }] },
        { field_id: 2005, values: [{ value: '2026-11-25T08:00:00.000Z' }] },
      ]),
    );
    expect(lead.custom_fields_values?.some((f) => 'field_code' in f && f.field_code === 'GCLIENTID')).toBe(false);
    expect(lead._embedded.contacts).toEqual([{ id: 555 }]);
  });

  it("makes an agency's company with the deal, and leaves out what the lead does not have", () => {
    const lead = complexLead(
      facts({ company: 'АН «Квартал»', lot: null, phone: null, attribution: { ...facts().attribution, utmSource: null, utmMedium: null } }),
      settings(),
      null,
    );
    expect(lead._embedded.companies).toEqual([{ name: 'АН «Квартал»' }]);
    expect(lead).not.toHaveProperty('price');
    expect(lead).not.toHaveProperty('pipeline_id');
    expect(lead).not.toHaveProperty('status_id');
    expect(lead._embedded.contacts).toEqual([
      { name: 'Анна', custom_fields_values: [{ field_code: 'EMAIL', values: [{ value: 'anna@example.ru', enum_code: 'WORK' }] }] },
    ]);
    expect(lead.custom_fields_values?.map((f) => ('field_code' in f ? f.field_code : f.field_id))).not.toContain('UTM_SOURCE');
  });

  it("puts a reservation's id in the reservation field and starts its deal at the status mapped to reserved", () => {
    const s = settings({ AMOCRM_RESERVATION_FIELD_ID: '1000002', AMOCRM_STATUS_ID: '7100001', AMOCRM_STATUSES: '{"7100003":"reserved","142":"keys"}' });
    const reservationId = '0b9e6a0e-5a4b-4c3d-9e2f-1a2b3c4d5e6f';
    const lead = complexLead(
      facts({ kind: 'reservation', leadId: reservationId, reservation: { id: reservationId, depositRub: 50_000, endsAt: null } }),
      s,
      null,
    );
    expect(lead.custom_fields_values?.[0]).toEqual({ field_id: 1_000_002, values: [{ value: reservationId }] });
    expect(lead.status_id).toBe(7_100_003);
    expect(s.statuses).toEqual({ '142': 'keys', '143': 'release', '7100003': 'reserved' });
  });

  it('keeps a name within 255 characters', () => {
    expect(complexLead(facts({ title: 'Я'.repeat(300) }), settings(), null).name).toHaveLength(255);
  });
});

describe("the deal's note", () => {
  it('lists every fact, our id first, and is recognised again by that line', () => {
    const note = leadNote(facts());
    expect(note.split('\n')[0]).toBe(`Номер заявки на сайте: ${LEAD_ID}`);
    expect(note).toContain('Ежемесячный платёж, ₽: 53123');
    expect(note).toContain('Способ связи: phone');
    expect(isLeadNote(note, facts())).toBe(true);
    expect(isLeadNote(note, facts({ leadId: '00000000-0000-4000-8000-000000000000' }))).toBe(false);
  });
});

describe('the contact search', () => {
  const contact = (phone: string | null, email: string | null) => ({
    custom_fields_values: [
      ...(phone ? [{ field_id: 1, field_code: 'PHONE', values: [{ value: phone }] }] : []),
      ...(email ? [{ field_id: 2, field_code: 'EMAIL', values: [{ value: email }] }] : []),
    ],
  });

  it('asks for the last ten digits and takes only a whole match of the phone or the e-mail', () => {
    expect(phoneQuery('+7 (916) 123-45-67')).toBe('9161234567');
    expect(contactMatches(contact('8 (916) 123-45-67', null), { phone: '+79161234567' })).toBe(true);
    expect(contactMatches(contact('+7 916 123 45 67 доб. 2', null), { phone: '+79161234567' })).toBe(false);
    expect(contactMatches(contact(null, 'Anna@Example.ru '), { email: 'anna@example.ru' })).toBe(true);
    expect(contactMatches(contact(null, 'hanna@example.ru'), { email: 'anna@example.ru' })).toBe(false);
    expect(contactMatches(contact('+79161234567', null), { email: 'anna@example.ru' })).toBe(false);
  });
});

describe('the settings', () => {
  it('are off without the address, the token or the id field, and say what is missing', () => {
    expect(amoSettings({ ...amocrmConfigSchema.parse({}), CRM_TIMEOUT_MS: 5_000 })).toBeNull();
    expect(amocrmProblems(amocrmConfigSchema.parse({}))).toEqual([]);
    expect(amocrmProblems(amocrmConfigSchema.parse({ AMOCRM_BASE_URL: BASE.AMOCRM_BASE_URL }))).toEqual([expect.stringMatching(/^AMOCRM_TOKEN:/)]);
    expect(amocrmProblems(amocrmConfigSchema.parse({ AMOCRM_BASE_URL: BASE.AMOCRM_BASE_URL, AMOCRM_TOKEN: BASE.AMOCRM_TOKEN }))).toEqual([
      expect.stringMatching(/^AMOCRM_ID_FIELD_ID:/),
    ]);
    expect(amocrmProblems(amocrmConfigSchema.parse({ AMOCRM_WEBHOOK_SECRET: 's'.repeat(32) }))).toEqual([]);
    expect(amocrmProblems(amocrmConfigSchema.parse({ ...BASE, AMOCRM_BASE_URL: 'http://127.0.0.1:4000', AMOCRM_WEBHOOK_SECRET: 's'.repeat(32) }))).toEqual([
      expect.stringMatching(/^AMOCRM_SUBDOMAIN:/),
    ]);
  });

  it('refuse a field map or status map that is not what amoCRM names, naming the key', () => {
    const fields = amocrmConfigSchema.safeParse({ AMOCRM_FIELDS: '{"lot.number":"lot number"}' });
    expect(fields.success).toBe(false);
    expect(fields.error?.issues[0]?.message).toMatch(/^lot\.number:/);
    const unknown = amocrmConfigSchema.safeParse({ AMOCRM_FIELDS: '{"lot.colour":123}' });
    expect(unknown.success).toBe(false);
    const statuses = amocrmConfigSchema.safeParse({ AMOCRM_STATUSES: '{"142":"sold"}' });
    expect(statuses.success).toBe(false);
    expect(statuses.error?.issues[0]?.message).toMatch(/^142:/);
  });

  it("read the account's subdomain from its address unless it is given", () => {
    expect(amoSubdomain({ AMOCRM_BASE_URL: 'https://developer.amocrm.ru' })).toBe('developer');
    expect(amoSubdomain({ AMOCRM_BASE_URL: 'https://developer.kommo.com/' })).toBe('developer');
    expect(amoSubdomain({ AMOCRM_BASE_URL: 'http://127.0.0.1:4000' })).toBeNull();
    expect(amoSubdomain({ AMOCRM_BASE_URL: 'http://127.0.0.1:4000', AMOCRM_SUBDOMAIN: 'test-developer' })).toBe('test-developer');
  });
});

describe("a deal's field", () => {
  it('reads as text, or null', () => {
    const lead = {
      custom_fields_values: [
        { field_id: 7, values: [{ value: ` ${LEAD_ID} ` }] },
        { field_id: 8, values: null },
      ],
    };
    expect(fieldText(lead, 7)).toBe(LEAD_ID);
    expect(fieldText(lead, 8)).toBeNull();
    expect(fieldText({ custom_fields_values: null }, 7)).toBeNull();
  });
});
