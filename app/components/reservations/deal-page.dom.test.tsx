import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import { lotFixture } from '#tests/fixtures/catalogue.ts';
import { plainSpaces, renderInRoute } from '#tests/fixtures/dom.tsx';
import { DealPage } from './deal-page.tsx';
import { DEAL_STAGES, type DealView } from './types.ts';

const HERE = '/en/deal/tok';

function deal(over: Partial<DealView> = {}): DealView {
  return {
    state: 'reserved',
    lot: lotFixture(),
    depositKopecks: 5_000_000,
    holdExpiresAt: '2026-12-01T09:15:00Z',
    paidAt: '2026-12-01T09:05:00Z',
    endsAt: '2026-12-08T09:05:00Z',
    endedAt: null,
    stage: 'reserved',
    stages: DEAL_STAGES.map((stage) => ({ stage, at: stage === 'reserved' ? '2026-12-01T09:05:00Z' : null })),
    documents: [],
    schedule: null,
    manager: { name: null, phone: '+74951234567', email: 'sales@example.ru' },
    cancel: { deadline: '2026-12-04T09:05:00Z', open: true },
    refund: null,
    handover: null,
    ...over,
  };
}

const page = (view: DealView, locale: 'ru' | 'en' | 'zh' = 'en') =>
  renderInRoute(<DealPage deal={view} here={HERE} />, { locale, path: locale === 'ru' ? '/deal/tok' : `/${locale}/deal/tok` });

describe('the deal page', () => {
  it('while the payment is being confirmed: says so, when the hold runs out (Moscow time) and offers a plain reload', () => {
    page(deal({ state: 'pending', paidAt: null, endsAt: null, cancel: null, stages: DEAL_STAGES.map((stage) => ({ stage, at: null })) }));
    const status = screen.getByRole('status');
    expect(within(status).getByRole('heading', { name: en.reservations.deal.pending.title })).toBeTruthy();
    expect(status.textContent).toContain('1 December 2026 at 12:15 Moscow time');
    expect(within(status).getByRole('link', { name: en.reservations.deal.pending.refresh }).getAttribute('href')).toBe(HERE);
    // Nothing of a deal yet: no stages, no cancel form.
    expect(screen.queryByRole('heading', { name: en.reservations.deal.stagesTitle })).toBeNull();
    expect(screen.queryByRole('heading', { name: en.reservations.deal.cancel.title })).toBeNull();
  });

  it('reserved: the end with its time, the deposit paid, the stages with dates or pending, the cancel form and the manager', () => {
    page(deal(), 'ru');
    expect(screen.getByRole('heading', { name: ru.reservations.deal.reserved.title })).toBeTruthy();
    expect(plainSpaces(document.body.textContent!)).toContain('Бронь действует до 8 декабря 2026 г. в 12:05 (МСК)');
    expect(plainSpaces(document.body.textContent!)).toContain('Депозит 50 000 ₽ внесён 1 декабря 2026 г.');
    const items = document.querySelectorAll('[data-stage]');
    expect([...items].map((item) => item.getAttribute('data-stage'))).toEqual([...DEAL_STAGES]);
    expect(items[0]!.textContent).toContain('1 декабря 2026 г.');
    expect(items[0]!.getAttribute('aria-current')).toBe('step');
    expect(items[1]!.textContent).toContain(ru.reservations.deal.stagePending);
    const cancel = screen.getByRole('heading', { name: ru.reservations.deal.cancel.title }).closest('section')!;
    expect(plainSpaces(cancel.textContent!)).toContain('До 4 декабря 2026 г. в 12:05 (МСК) бронь можно отменить, и депозит 50 000 ₽ вернётся целиком.');
    const form = cancel.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(HERE);
    expect((form.querySelector('input[name="intent"]') as HTMLInputElement).value).toBe('cancel');
    expect(screen.getByRole('link', { name: /\+7 495 123/ }).getAttribute('href')).toBe('tel:+74951234567');
    expect(screen.getByRole('heading', { name: ru.reservations.deal.documentsTitle })).toBeTruthy();
    expect(screen.getByText(ru.reservations.deal.documentsEmpty)).toBeTruthy();
  });

  it('past the refund window: the deadline it had, no form', () => {
    page(deal({ cancel: { deadline: '2026-12-04T09:05:00Z', open: false } }));
    const cancel = screen.getByRole('heading', { name: en.reservations.deal.cancel.title }).closest('section')!;
    expect(cancel.querySelector('form')).toBeNull();
    expect(cancel.textContent).toContain('The refund period ended 4 December 2026 at 12:05 Moscow time');
  });

  it('a refused cancel says why', () => {
    renderInRoute(<DealPage deal={deal()} here={HERE} result={{ intent: 'cancel', error: 'confirmRequired' }} />, { locale: 'en', path: HERE });
    expect(screen.getByText(en.reservations.deal.cancel.confirmRequired)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: en.reservations.deal.cancel.confirm }).getAttribute('aria-invalid')).toBe('true');
  });

  it('registered: the handover form with the office slots, then the booked slot', () => {
    const stages = DEAL_STAGES.map((stage, i) => ({ stage, at: i <= 3 ? '2026-12-20T10:00:00Z' : null }));
    page(deal({ stage: 'registered', stages, cancel: null, handover: { slots: [{ value: '2026-12-22T10:00', at: '2026-12-22T07:00:00Z' }], booked: null } }));
    const select = screen.getByRole('combobox', { name: en.reservations.deal.handover.slot });
    expect(within(select).getByRole('option', { name: '22 December 2026 at 10:00 Moscow time' })).toBeTruthy();
    expect((select.closest('form')!.querySelector('input[name="intent"]') as HTMLInputElement).value).toBe('handover');
    page(deal({ stage: 'registered', stages, cancel: null, handover: { slots: [], booked: '2026-12-22T07:00:00Z' } }));
    expect(screen.getByText('Your key handover is booked for 22 December 2026 at 10:00 Moscow time.')).toBeTruthy();
  });

  it('documents and the programme schedule', () => {
    page(
      deal({
        documents: [{ id: '3', title: 'Draft contract', url: '/deal/tok/documents/3', bytes: 240_000, createdAt: '2026-12-02T10:00:00Z' }],
        schedule: {
          programme: 'Family',
          kind: 'mortgage',
          rate: 6,
          markup: 0,
          downPaymentKopecks: 372_000_000,
          monthlyKopecks: 5_947_600,
          termMonths: 2,
          rows: [
            { month: 1, paymentKopecks: 5_947_600, balanceKopecks: 5_947_600 },
            { month: 2, paymentKopecks: 5_947_600, balanceKopecks: 0 },
          ],
        },
      }),
    );
    const doc = screen.getByRole('link', { name: /Draft contract/ });
    expect(doc.getAttribute('href')).toBe('/deal/tok/documents/3');
    expect(doc.textContent).toContain('PDF, 240 kB');
    expect(screen.getByText(/“Family”/)).toBeTruthy();
    expect(screen.getByText('2 months')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    // The programme's rate, as the loader read it from the programme now.
    const schedule = document.querySelector('[data-deal-schedule]') as HTMLElement;
    expect(within(schedule).getByText(en.purchase.calculator.rate)).toBeTruthy();
    expect(within(schedule).getByText('6%')).toBeTruthy();
  });

  it('the schedule’s rate, or an instalment plan’s markup, in Russian and Chinese', () => {
    const schedule = {
      programme: 'Рассрочка',
      kind: 'installment' as const,
      rate: 0,
      markup: 9.5,
      downPaymentKopecks: 100_000_000,
      monthlyKopecks: 50_000_000,
      termMonths: 12,
      rows: [{ month: 1, paymentKopecks: 50_000_000, balanceKopecks: 0 }],
    };
    const ruPage = page(deal({ schedule }), 'ru');
    let block = within(ruPage.container.querySelector('[data-deal-schedule]') as HTMLElement);
    expect(block.getByRole('heading', { name: ru.reservations.deal.scheduleTitle })).toBeTruthy();
    expect(block.getByText(ru.purchase.calculator.markup)).toBeTruthy();
    expect(plainSpaces(block.getByText(/9,5/).textContent!)).toBe('9,5 %');
    expect(block.getByText('12 месяцев')).toBeTruthy();
    const zhPage = page(deal({ schedule: { ...schedule, programme: '家庭', kind: 'mortgage', rate: 5.9, markup: 0 } }), 'zh');
    block = within(zhPage.container.querySelector('[data-deal-schedule]') as HTMLElement);
    expect(block.getByRole('heading', { name: zh.reservations.deal.scheduleTitle })).toBeTruthy();
    expect(block.getByText(zh.purchase.calculator.rate)).toBeTruthy();
    expect(block.getByText(/5\.9%/)).toBeTruthy();
    expect(block.getByText(/“家庭”/)).toBeTruthy();
    // A mortgage's whole years are said in years.
    expect(block.getByText('1 年')).toBeTruthy();
  });

  it('canceled with its refund, expired, ended: plain words and the way back to the lot', () => {
    page(deal({ state: 'canceled', cancel: null, refund: { amountKopecks: 5_000_000, done: false } }), 'zh');
    expect(screen.getByRole('heading', { name: zh.reservations.deal.canceled.title })).toBeTruthy();
    expect(plainSpaces(document.body.textContent!)).toContain('定金 ₽50,000 的退款已办理');
    expect(screen.queryByRole('heading', { name: zh.reservations.deal.stagesTitle })).toBeNull();
    page(deal({ state: 'expired', paidAt: null, endsAt: null, cancel: null }));
    expect(screen.getByRole('heading', { name: en.reservations.deal.expired.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.reservations.offer.action }).getAttribute('href')).toBe('/en/sosnovy/flat/45/reserve');
    page(deal({ state: 'ended', endedAt: '2026-12-08T09:05:00Z', cancel: null }));
    expect(screen.getByText(/ended on 8 December 2026 without a contract/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: en.reservations.deal.openLot })[0]!.getAttribute('href')).toBe('/en/sosnovy/flat/45');
  });
});
