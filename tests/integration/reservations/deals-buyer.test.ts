import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import { reservationDocuments, reservationEvents } from '#server/db/schema/index.ts';
import { lotSale } from '#server/modules/catalogue/index.ts';
import { changeStage } from '#server/modules/reservations/deals-stages.ts';
import { dealLinkToken, dealTokenHash } from '#server/modules/reservations/deals-token.ts';
import { sendDealLink } from '#server/modules/reservations/deals-mail.ts';
import { dealView } from '#server/modules/reservations/deals-view.ts';
import { bookHandover } from '#server/modules/reservations/handover.ts';
import { reservations } from '#server/db/schema/index.ts';
import { testApp, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { insertDeal } from './deal-fixtures.ts';

/** Tuesday 1 December 2026, 09:00 in Moscow: the handover slots start a day later. */
const NOW = new Date('2026-12-01T06:00:00Z');

/**
 * The buyer's side of the deal tracker (docs/guides/reservations.md "Deal tracker"): what the deal page shows
 * (`dealView`), the handover booked from the sales office's hours once the contract is registered (`bookHandover`,
 * refused outside them with the booking form's own words in the buyer's language), and the deal-link e-mail.
 */
describe.each(ENGINES)('the deal page’s data and the handover booking (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(engine);
  }, 120_000);
  afterAll(async () => t?.dispose());
  const db = () => t.services.database.db;

  it('shows the stages with their dates, the sales office of the project, and no handover before registration', async () => {
    // Project 2's sales office is «Сосновый берег» (content/offices.ts): weekdays 10–20 with a break 14–15.
    const deal = await insertDeal(t, { projectId: 2, stage: 'contract_prepared' });
    await db()
      .insert(reservationEvents)
      .values({ reservationId: deal.id, kind: 'stage', stage: 'contract_prepared', source: 'crm', at: new Date('2026-11-30T09:00:00Z') });
    const view = (await dealView(db(), deal.token, { locale: 'en', now: NOW }))!;
    expect(view.state).toBe('reserved');
    expect(view.stages.map((s) => [s.stage, s.reached])).toEqual([
      ['reserved', true],
      ['contract_prepared', true],
      ['contract_signed', false],
      ['registered', false],
      ['keys', false],
    ]);
    expect(view.stages[1]!.at).toBe('2026-11-30T09:00:00.000Z');
    expect(view.office).toMatchObject({ id: 2, name: 'Pine Shore sales office' });
    expect(view.handover).toEqual({ open: false, booked: null, slots: [] });
    expect(await bookHandover(db(), deal.token, { slot: '2026-12-02T10:00' }, { now: NOW })).toEqual({ ok: false, reason: 'not_open' });
    expect(await dealView(db(), 'x'.repeat(43))).toBeNull();
  });

  it('books a handover slot of the office’s hours once registered; refuses a time outside them in the buyer’s language', async () => {
    const deal = await insertDeal(t, { projectId: 2, stage: 'registered', locale: 'en' });
    const view = (await dealView(db(), deal.token, { now: NOW }))!;
    expect(view.handover.open).toBe(true);
    expect(view.handover.slots[0]).toEqual({ value: '2026-12-02T10:00', date: '2026-12-02', time: '10:00', at: '2026-12-02T07:00:00.000Z' });
    expect(view.handover.slots.filter((s) => s.date === '2026-12-02').map((s) => s.time)).toEqual([
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
    ]);
    const words = CATALOGS.en.forms.validation;
    const refused = async (slot: string, locale?: string) => {
      const result = await bookHandover(db(), deal.token, { slot, locale }, { now: NOW });
      expect(result.ok, slot).toBe(false);
      return (result as { errors: { slot: string[] } }).errors.slot[0];
    };
    expect(await refused('2026-12-03T08:00')).toBe(words.outsideHours);
    expect(await refused('2026-12-03T14:00')).toBe(words.officeBreak);
    expect(await refused('2026-12-12T12:00')).toBe(words.officeClosed);
    expect(await refused('2026-12-01T12:00')).toBe(words.slotPast);
    expect(await refused('2026-12-03T08:00', 'ru')).toBe(CATALOGS.ru.forms.validation.outsideHours);
    expect(await refused('tomorrow')).toBe(words.choice);

    const booked = await bookHandover(db(), deal.token, { slot: '2026-12-02T10:00' }, { now: NOW });
    expect(booked).toEqual({ ok: true, booking: { officeId: 2, at: '2026-12-02T07:00:00.000Z', slot: '2026-12-02T10:00' } });
    const rows = await db().select().from(reservationEvents).where(eq(reservationEvents.reservationId, deal.id));
    expect(rows).toMatchObject([{ kind: 'handover_booked', source: 'buyer', data: { officeId: 2, at: '2026-12-02T07:00:00.000Z' } }]);
    expect((await dealView(db(), deal.token, { now: NOW }))!.handover.booked).toMatchObject({ slot: '2026-12-02T10:00' });

    // Another deal at the same office cannot take that slot, and no longer sees it.
    const other = await insertDeal(t, { projectId: 2, stage: 'registered', locale: 'en' });
    expect((await dealView(db(), other.token, { now: NOW }))!.handover.slots[0]!.value).toBe('2026-12-02T11:00');
    const taken = await bookHandover(db(), other.token, { slot: '2026-12-02T10:00' }, { now: NOW });
    expect(taken).toEqual({ ok: false, reason: 'invalid', errors: { slot: [words.slotTaken] } });
  });

  it('keeps the stages, documents and handover booking of a deal completed at the keys', async () => {
    const deal = await insertDeal(t, { projectId: 2, stage: 'registered', locale: 'en' });
    expect((await bookHandover(db(), deal.token, { slot: '2026-12-02T12:00' }, { now: NOW })).ok).toBe(true);
    await db().insert(reservationDocuments).values({ reservationId: deal.id, title: 'Договор', mediaKey: 'deals/00/contract.pdf', bytes: 1024 });
    const outcome = await db().transaction((tx) => changeStage(tx, deal.id, { stage: 'keys', at: NOW, source: 'staff' }, { crm: false }, lotSale));
    expect(outcome.status).toBe('applied');
    const view = (await dealView(db(), deal.token, { now: NOW }))!;
    expect([view.state, view.stage]).toEqual(['completed', 'keys']);
    expect(view.stages.map((s) => s.reached)).toEqual([true, true, true, true, true]);
    expect(view.stages[4]!.at).toBe(NOW.toISOString());
    expect(view.documents.map((d) => d.title)).toEqual(['Договор']);
    expect(view.handover).toEqual({ open: false, booked: { officeId: 2, at: '2026-12-02T09:00:00.000Z', slot: '2026-12-02T12:00' }, slots: [] });
  });

  it('e-mails the deal link once, in the buyer’s language, only while the derived token is the deal’s', async () => {
    const secret = 'deal-link-test-secret-0123456789abcdef';
    const deal = await insertDeal(t, { locale: 'en' });
    const sent: { to: string; subject: string; text: string; messageId: string }[] = [];
    const deps = {
      db: db(),
      sender: { send: async (to: string, mail: { subject: string; text: string; messageId: string }) => void sent.push({ to, ...mail }) },
      site: { origin: 'https://www.example.ru', strategy: 'prefix_except_default' as const },
      secret,
    };
    // The fixture's token is random, not derived: nothing is sent without it.
    expect(await sendDealLink(deps, { reservationId: deal.id })).toBe('token_unknown');
    const derived = dealLinkToken(secret, deal.id);
    await db()
      .update(reservations)
      .set({ tokenHash: dealTokenHash(derived) })
      .where(eq(reservations.id, deal.id));
    expect(await sendDealLink(deps, { reservationId: deal.id })).toBe('sent');
    expect(await sendDealLink(deps, { reservationId: deal.id })).toBe('already');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('anna@example.ru');
    expect(sent[0]!.subject).toMatch(/^Your deal: /);
    expect(sent[0]!.text).toContain(`https://www.example.ru/en/deal/${derived}`);
    expect(await sendDealLink({ ...deps, sender: null }, { reservationId: deal.id })).toBe('no_mail');
  });
});
