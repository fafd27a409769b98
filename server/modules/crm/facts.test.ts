import { describe, expect, it } from 'vitest';
import { buildLeadFacts, buildReservationFacts, factLines, leadLotId, type LeadRow, type LotFact } from './facts.ts';
import { factValue, fieldMap, mappedValues } from './fields.ts';

const ORIGIN = 'https://www.example.ru';

function lead(over: Partial<LeadRow> = {}): LeadRow {
  return {
    id: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
    idempotencyKey: 'k-1',
    requestHash: 'h',
    kind: 'request',
    topic: 'mortgage',
    locale: 'en',
    name: 'Анна',
    phone: '+79161234567',
    email: 'anna@example.ru',
    newsletter: false,
    consentAt: new Date('2026-11-20T09:00:00Z'),
    details: { type: 'mortgage', channel: 'phone', comment: 'Позвоните вечером', lot_number: '22', lot_status: 'free', lot_price: 9_900_000 },
    context: {
      page_url: '/lipovy/flat/22',
      lot: '101',
      utm_source: 'yandex',
      utm_medium: 'cpc',
      utm_campaign: 'autumn',
      utm_content: null,
      utm_term: 'квартира',
      referrer: 'https://ya.ru/',
      landing_page: '/?utm_source=yandex',
      analytics_client_id: '1732000000123456789',
      visitor_id: 'v-1',
      programme: 'family-mortgage',
      programme_name: 'Семейная ипотека',
      price: 9_900_000,
      down_payment: 1_980_000,
      term_months: 240,
      monthly_payment: 53_123,
    },
    clientKey: null,
    createdAt: new Date('2026-11-20T09:00:01Z'),
    ...over,
  };
}

const LOT: LotFact = {
  id: 101,
  number: '22',
  type: 'flat',
  typeText: 'Квартира',
  project: 'ЖК Липовый',
  building: 'Корпус 1',
  floor: 5,
  areaM2: 54.3,
  priceRub: 9_900_000,
  url: `${ORIGIN}/lipovy/flat/22`,
};

describe('a lead as the facts a manager reads', () => {
  it('names the lot, the programme, the visit and the rest of the form', () => {
    const facts = buildLeadFacts(lead(), LOT, ORIGIN);
    expect(facts).toMatchObject({
      leadId: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
      kind: 'request',
      kindText: 'Заявка',
      title: 'Заявка с сайта: Ипотека и рассрочка — ЖК Липовый, Кв. 22',
      locale: 'en',
      managerLanguage: 'en',
      phone: '+79161234567',
      comment: 'Позвоните вечером',
      pageUrl: `${ORIGIN}/lipovy/flat/22`,
      lot: LOT,
      programme: { name: 'Семейная ипотека', monthlyPaymentRub: 53_123, downPaymentRub: 1_980_000, termMonths: 240 },
      meeting: null,
      reservation: null,
      attribution: {
        utmSource: 'yandex',
        utmMedium: 'cpc',
        utmCampaign: 'autumn',
        utmContent: null,
        utmTerm: 'квартира',
        referrer: 'https://ya.ru/',
        landingPage: `${ORIGIN}/?utm_source=yandex`,
        yandexClientId: '1732000000123456789',
        googleClientId: null,
      },
    });
    // What no named fact says is kept as a line; what one says is not repeated.
    expect(facts.otherLines).toContain('ID посетителя сайта: v-1');
    expect(facts.otherLines.some((line) => line.includes('Позвоните'))).toBe(false);
  });

  it('tells a Google Analytics client id from a Metrica one, and reads a meeting', () => {
    const facts = buildLeadFacts(
      lead({
        kind: 'meeting',
        topic: null,
        locale: 'ru',
        details: { office: 2, office_name: 'Офис на Тверской', date: '2026-11-25', slot: '11:00', starts_at: '2026-11-25T08:00:00.000Z' },
        context: { page_url: '/offices', analytics_client_id: '1234567890.1732000000' },
      }),
      null,
      ORIGIN,
    );
    expect(facts.title).toBe('Встреча в офисе с сайта');
    expect(facts.managerLanguage).toBe('ru');
    expect(facts.meeting).toEqual({ at: new Date('2026-11-25T08:00:00.000Z'), office: 'Офис на Тверской' });
    expect(facts.attribution).toMatchObject({ googleClientId: '1234567890.1732000000', yandexClientId: null, utmSource: null });
    expect(facts.programme).toBeNull();
    expect(leadLotId(lead())).toBe(101);
    expect(leadLotId(lead({ context: { lot: 'x' } }))).toBeNull();
  });

  it("names a broker tour's agency and a partner's company, and no company otherwise", () => {
    const broker = buildLeadFacts(lead({ kind: 'broker_tour', topic: null, details: { agency: 'АН «Квартал»', office_name: 'Офис' } }), null, ORIGIN);
    expect(broker.company).toBe('АН «Квартал»');
    const partner = buildLeadFacts(lead({ kind: 'partner_meeting', topic: 'agency', details: { company: 'ООО «Подряд»' } }), null, ORIGIN);
    expect(partner.company).toBe('ООО «Подряд»');
    expect(buildLeadFacts(lead(), null, ORIGIN).company).toBeNull();
  });

  it('makes a paid reservation the facts of its deal', () => {
    const facts = buildReservationFacts(
      {
        id: '0b9c6a52-8a30-4c59-9b7e-5b0d7f4f0a11',
        lotId: 101,
        projectId: 1,
        state: 'reserved',
        dealStage: 'reserved',
        locale: 'ru',
        name: 'Анна',
        phone: '+79161234567',
        email: 'anna@example.ru',
        amountKopecks: 5_000_000,
        currency: 'RUB',
        periodDays: 7,
        refundWindowDays: 3,
        holdExpiresAt: new Date('2026-11-20T09:15:00Z'),
        paidAt: new Date('2026-11-20T09:05:00Z'),
        endsAt: new Date('2026-11-27T09:05:00Z'),
        canceledAt: null,
        cancelReason: null,
        paymentId: 'pay-1',
        paymentStatus: 'succeeded',
        refundId: null,
        refundStatus: null,
        refundedKopecks: 0,
        tokenHash: 'x',
        tokenRevokedAt: null,
        managerId: null,
        programmeId: null,
        attemptKey: null,
        createdAt: new Date('2026-11-20T09:00:00Z'),
        updatedAt: new Date('2026-11-20T09:05:00Z'),
        version: 2,
      },
      LOT,
    );
    expect(facts).toMatchObject({
      leadId: '0b9c6a52-8a30-4c59-9b7e-5b0d7f4f0a11',
      kind: 'reservation',
      title: 'Бронирование с задатком — ЖК Липовый, Кв. 22',
      reservation: { id: '0b9c6a52-8a30-4c59-9b7e-5b0d7f4f0a11', depositRub: 50_000, endsAt: new Date('2026-11-27T09:05:00Z') },
    });
  });

  it('says every fact in the comment lines and maps facts to fields over the defaults', () => {
    const facts = buildLeadFacts(lead(), LOT, ORIGIN);
    const lines = factLines(facts);
    expect(lines).toContain('Номер заявки на сайте: 6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f');
    expect(lines).toContain('Цена, ₽: 9900000');
    expect(lines).toContain('utm_source: yandex');
    expect(lines).toContain('Ежемесячный платёж, ₽: 53123');
    expect(factValue(facts, 'lot.areaM2')).toBe(54.3);
    expect(factValue(facts, 'consentAt')).toBe('2026-11-20T09:00:00.000Z');
    expect(factValue(facts, 'reservation.id')).toBeNull();
    const map = fieldMap(
      { 'attribution.utmSource': 'UTM_SOURCE', 'attribution.utmContent': 'UTM_CONTENT' },
      { 'lot.number': 'UF_CRM_LOT', 'attribution.utmContent': '' },
    );
    expect(map).toEqual({ 'attribution.utmSource': 'UTM_SOURCE', 'lot.number': 'UF_CRM_LOT' });
    expect(mappedValues(facts, map)).toEqual([
      ['UTM_SOURCE', 'yandex'],
      ['UF_CRM_LOT', '22'],
    ]);
  });
});
