import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leadSlots } from '#server/db/schema/index.ts';
import { leadSettingsFromConfig } from '#server/modules/leads/settings.ts';
import { ENGINES } from '#tests/support/db.ts';
import { browserHeaders, type TestApp } from '#tests/support/app.ts';
import { calls, freshPhone, leadApiApp, person } from './lead-api-app.ts';

describe.each(ENGINES)('lead API on %s: bookings', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await leadApiApp(engine);
  });
  afterAll(async () => t?.dispose());
  beforeEach(() => t.services.leads.resetLimits());
  const { post, get } = calls(() => t);

  describe('meetings', () => {
    it('gives specs and facets of free offices, dates and slots', async () => {
      const specs = (await get('/api/meeting/specs/?lang=en')).json();
      expect(specs.map((s: { name: string }) => s.name)).toEqual(['office', 'date', 'slot']);
      expect(specs[0].choices[0]).toMatchObject({ value: '1', label: 'Central sales office' });
      const facets = (await get('/api/meeting/facets/?office=1')).json();
      expect(facets.count).toBeGreaterThan(10);
      const dates = Object.keys(facets.items.date.choices);
      const day = (await get(`/api/meeting/facets/?office=1&date=${dates[1]}`)).json();
      expect(Object.values(day.items.slot.choices).every((n) => n === 1)).toBe(true);
      expect((await get('/api/meeting/facets/?office=x')).statusCode).toBe(400);
      expect((await get('/api/meeting/facets/?date=2025-1-1')).json().errors).toHaveProperty('date');
    });

    it("gives a form's day (the pages' booking data) with the same dates and seats as the facets", async () => {
      const facets = (await get('/api/meeting/facets/?office=1')).json();
      const dates = Object.keys(facets.items.date.choices).sort();
      const first = await t.services.leads.bookingDay('meeting', 1);
      expect(first.dates).toEqual(dates);
      expect(first.date).toBe(dates[0]);
      const chosen = await t.services.leads.bookingDay('meeting', 1, dates[1]);
      const slots = (await get(`/api/meeting/facets/?office=1&date=${dates[1]}`)).json().items.slot.choices;
      expect(chosen.date).toBe(dates[1]);
      expect(chosen.slots).toEqual(
        Object.entries(slots)
          .map(([value, left]) => ({ value, left }))
          .sort((x, y) => x.value.localeCompare(y.value)),
      );
      // A date with nothing free falls back to the first one.
      expect((await t.services.leads.bookingDay('meeting', 1, '2001-01-01')).date).toBe(dates[0]);
    });

    it('books a free slot once; the slot then leaves the facets and a second booking is refused', async () => {
      const facets = (await get('/api/meeting/facets/?office=2')).json();
      const date = Object.keys(facets.items.date.choices)[2]!;
      const slots = (await get(`/api/meeting/facets/?office=2&date=${date}`)).json().items.slot.choices;
      const slot = Object.keys(slots)[0]!;
      // The spec's meeting form posts a form body.
      const form = new URLSearchParams({ name: 'Анна', phone: freshPhone(), consent: 'on', office: '2', date, slot });
      const url = '/api/meeting/';
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...browserHeaders(t.config, url), 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().title).toBe('Вы записаны');
      expect(res.json().message).toContain(slot);
      const after = (await get(`/api/meeting/facets/?office=2&date=${date}`)).json().items.slot.choices;
      expect(after[slot]).toBeUndefined();
      const second = await post(url, person({ phone: freshPhone(), office: 2, date, slot }));
      expect(second.statusCode).toBe(409);
      expect(second.json().errors).toEqual({ slot: ['Это время уже занято — выберите другое'] });
      expect(await t.services.database.db.select().from(leadSlots).where(eq(leadSlots.leadId, res.json().id))).toHaveLength(1);
    });

    it('refuses concurrent bookings of one slot but one', async () => {
      const facets = (await get('/api/meeting/facets/?office=3')).json();
      const date = Object.keys(facets.items.date.choices)[3]!;
      const slot = Object.keys((await get(`/api/meeting/facets/?office=3&date=${date}`)).json().items.slot.choices)[0]!;
      const answers = await Promise.all(Array.from({ length: 5 }, () => post('/api/meeting/', person({ phone: freshPhone(), office: 3, date, slot }))));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    });

    it('refuses an unknown office, a date outside the schedule and a missing slot', async () => {
      const res = await post('/api/meeting/', person({ office: 99, date: '2001-01-01', slot: '' }));
      expect(res.json().errors).toEqual({ slot: ['Обязательное поле'] });
      const res2 = await post('/api/meeting/', person({ office: 99, date: '2001-01-01', slot: '10:00' }));
      expect(res2.json().errors).toEqual({ office: ['Выберите вариант из списка'] });
      const res3 = await post('/api/meeting/', person({ office: 1, date: '2001-01-01', slot: '10:00' }));
      expect(res3.json().errors).toEqual({ date: ['Это время уже прошло — выберите другое'] });
    });
  });

  describe('broker tours', () => {
    it('gives specs and facets and books a seat of a tour', async () => {
      const specs = (await get('/api/broker_tour/specs/')).json();
      expect(specs[0]).toMatchObject({ name: 'project' });
      // The catalogue's projects, under the catalogue's names.
      const catalogue = await t.services.catalogue.projects('ru');
      expect(specs[0].choices.map((c: { value: string; label: string }) => [c.value, c.label])).toEqual(catalogue.map((p) => [p.id, p.name]));
      const facets = (await get('/api/broker_tour/facets/?project=2')).json();
      const date = Object.keys(facets.items.date.choices)[0]!;
      const slots = (await get(`/api/broker_tour/facets/?project=2&date=${date}`)).json().items.slot.choices;
      const [slot, seats] = Object.entries(slots)[0]!;
      expect(seats).toBe(12);
      const res = await post('/api/broker_tour/create_meeting/', person({ phone: freshPhone(), project: 2, date, slot, agency: 'Этажи' }));
      expect(res.statusCode).toBe(201);
      expect((await get(`/api/broker_tour/facets/?project=2&date=${date}`)).json().items.slot.choices[slot]).toBe(11);
      const bad = await post('/api/broker_tour/create_meeting/', person({ project: 2, date, slot }));
      expect(bad.json().errors).toEqual({ agency: ['Обязательное поле'] });
    });
  });

  describe('partner meetings', () => {
    it('serves specs, facets, the list and bookings without auth when none is configured', async () => {
      expect((await get('/api/partner_meeting/specs/')).json()[0]).toMatchObject({ name: 'topic' });
      const list = (await get('/api/partner_meeting/?limit=2')).json();
      expect(list.results).toHaveLength(2);
      expect(list.next).toBe('/api/partner_meeting/?limit=2&offset=2');
      expect(list.previous).toBeNull();
      const first = list.results[0];
      const res = await post(
        '/api/partner_meeting/',
        person({ phone: freshPhone(), topic: 'bank', office: first.office, date: first.date, slot: first.slot, company: 'Банк' }),
      );
      expect(res.statusCode).toBe(201);
      const after = (await get('/api/partner_meeting/?limit=1')).json();
      expect(after.count).toBe(list.count - 1);
      expect((await get('/api/partner_meeting/?limit=500')).statusCode).toBe(400);
      expect((await get('/api/partner_meeting/facets/?office=1')).json().count).toBe(after.count);
    });

    it('asks for basic auth when PARTNER_BASIC_AUTH is configured', async () => {
      t.services.leads.configure({ ...t.services.leads.settings, partnerBasicAuth: 'partner:secret' });
      const auth = { authorization: `Basic ${Buffer.from('partner:secret').toString('base64')}` };
      for (const url of ['/api/partner_meeting/', '/api/partner_meeting/specs/', '/api/partner_meeting/facets/']) {
        const res = await get(url);
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toMatch(/^Basic/);
        expect((await get(url, auth)).statusCode).toBe(200);
      }
      expect((await get('/api/partner_meeting/', { authorization: 'Basic d3Jvbmc6d3Jvbmc=' })).statusCode).toBe(401);
      expect((await post('/api/partner_meeting/', person())).statusCode).toBe(401);
      const bad = await post('/api/partner_meeting/', person({ topic: 'x' }), auth);
      expect(bad.statusCode).toBe(400);
      t.services.leads.configure(leadSettingsFromConfig(t.config));
    });
  });
});
