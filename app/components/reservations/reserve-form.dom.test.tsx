import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { programme } from '#core/purchase/fixtures.ts';
import { validationMessage } from '#core/validation/messages.ts';
import { plainSpaces, renderInRoute } from '#tests/fixtures/dom.tsx';
import { programmeOptions } from '#app/loaders/reserve-programmes.server.ts';
import { ReserveForm } from './reserve-form.tsx';
import { ReserveOffer } from './reserve-offer.tsx';
import { ReservationTerms } from './terms.tsx';

const OFFER = { depositKopecks: 5_000_000, periodDays: 7, refundWindowDays: 3, holdMinutes: 15 };

describe('the reserve offer on a lot page', () => {
  it('states the deposit and the period from the server, in each language with its plural forms', () => {
    renderInRoute(<ReserveOffer offer={OFFER} lotUrl="/sosnovy/flat/45" />, { path: '/sosnovy/flat/45' });
    expect(screen.getByRole('link', { name: ru.reservations.offer.action }).getAttribute('href')).toBe('/sosnovy/flat/45/reserve');
    expect(plainSpaces(screen.getByText(/Бронь/).textContent!)).toBe('Бронь на 7 дней за 50 000 ₽, возврат в течение 3 дней');
  });

  it('says one day and 21 days as Russian does, and prefixes the address in English and Chinese', () => {
    renderInRoute(<ReserveOffer offer={{ ...OFFER, periodDays: 21, refundWindowDays: 1 }} lotUrl="/sosnovy/flat/45" />, { path: '/sosnovy/flat/45' });
    expect(plainSpaces(screen.getByText(/Бронь/).textContent!)).toBe('Бронь на 21 день за 50 000 ₽, возврат в течение 1 дня');
    renderInRoute(<ReserveOffer offer={{ ...OFFER, periodDays: 1 }} lotUrl="/sosnovy/flat/45" />, { locale: 'en', path: '/en/sosnovy/flat/45' });
    expect(screen.getByRole('link', { name: en.reservations.offer.action }).getAttribute('href')).toBe('/en/sosnovy/flat/45/reserve');
    expect(plainSpaces(screen.getByText(/^Reserved/).textContent!)).toBe('Reserved for 1 day for ₽50,000, refundable within 3 days');
    renderInRoute(<ReserveOffer offer={OFFER} lotUrl="/sosnovy/flat/45" />, { locale: 'zh', path: '/zh/sosnovy/flat/45' });
    expect(screen.getByRole('link', { name: zh.reservations.offer.action })).toBeTruthy();
    expect(screen.getByText(/预订 7 天/).textContent).toContain('3 天内可退款');
  });

  it('lists the terms on the reserve page', () => {
    renderInRoute(<ReservationTerms offer={OFFER} />, { locale: 'en', path: '/en/sosnovy/flat/45/reserve' });
    expect(screen.getByText('7 days')).toBeTruthy();
    expect(screen.getByText('within 3 days of payment')).toBeTruthy();
    expect(screen.getByText('15 minutes')).toBeTruthy();
  });
});

describe('the reserve form', () => {
  const action = '/en/sosnovy/flat/45/reserve';

  it('is a plain form posting to the page itself, with the attempt key, a trap for bots and the policy link', () => {
    const { container } = renderInRoute(<ReserveForm action={action} attempt="attempt-key-0123456789" depositKopecks={5_000_000} />, {
      locale: 'en',
      path: action,
    });
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(action);
    expect((form.querySelector('input[name="idempotency_key"]') as HTMLInputElement).value).toBe('attempt-key-0123456789');
    expect(form.querySelector('input[name="website"]')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: new RegExp(`^${en.forms.fields.name}`) })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: new RegExp(`^${en.forms.fields.email}`) }).hasAttribute('required')).toBe(true);
    expect(screen.getByRole('checkbox', { name: new RegExp(en.forms.fields.consent) })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.forms.fields.policy }).getAttribute('href')).toBe('/en/privacy');
    expect(plainSpaces(screen.getByRole('button').textContent!)).toBe(`${en.reservations.reserve.submit} · ₽50,000`);
  });

  it('shows each field error in the visitor language and keeps the values', () => {
    const errors = { phone: validationMessage('phone', 'zh'), email: validationMessage('email', 'zh'), consent: validationMessage('consent', 'zh') };
    renderInRoute(
      <ReserveForm
        action="/zh/sosnovy/flat/45/reserve"
        attempt="attempt-key-0123456789"
        depositKopecks={5_000_000}
        result={{ values: { name: 'Anna', phone: '12' }, errors }}
      />,
      { locale: 'zh', path: '/zh/sosnovy/flat/45/reserve' },
    );
    const phone = screen.getByRole('textbox', { name: new RegExp(`^${zh.forms.fields.phone}`) });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect((phone as HTMLInputElement).value).toBe('12');
    expect((screen.getByRole('textbox', { name: new RegExp(`^${zh.forms.fields.name}`) }) as HTMLInputElement).value).toBe('Anna');
    expect(screen.getByText(errors.phone)).toBeTruthy();
    expect(screen.getByText(errors.email)).toBeTruthy();
    expect(screen.getByText(errors.consent)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(zh.forms.error.fix);
  });

  it('says when the lot was taken meanwhile, or the provider could not be reached', () => {
    renderInRoute(
      <ReserveForm action={action} attempt="attempt-key-0123456789" depositKopecks={5_000_000} result={{ values: {}, errors: {}, problem: 'unavailable' }} />,
      {
        locale: 'en',
        path: action,
      },
    );
    expect(screen.getByRole('alert').textContent).toBe(en.reservations.reserve.unavailable);
    renderInRoute(
      <ReserveForm action={action} attempt="attempt-key-0123456789" depositKopecks={5_000_000} result={{ values: {}, errors: {}, problem: 'paymentFailed' }} />,
      {
        locale: 'ru',
        path: '/sosnovy/flat/45/reserve',
      },
    );
    expect(
      within(document.body)
        .getAllByRole('alert')
        .some((alert) => alert.textContent === ru.reservations.reserve.paymentFailed),
    ).toBe(true);
  });
});

describe('the reserve form’s choice of how to pay', () => {
  const action = '/en/sosnovy/flat/45/reserve';
  const list = [
    programme({ id: 'nord-new-build', name: { ru: 'Новостройка', en: 'New build', zh: '新房' }, bankId: 'nord', rate: 6 }),
    programme({
      id: 'plan-12',
      kind: 'installment',
      bankId: null,
      mortgageKind: null,
      name: { ru: 'Рассрочка', en: 'Instalments', zh: '分期' },
      rate: 0,
      markup: 5,
      maxTermMonths: 12,
    }),
  ];
  /** The form's programmes as the reserve page's loader words them (reserve-programmes.server.ts). */
  const programmes = (locale: Locale) => ({ options: programmeOptions(list, { nord: 'Nord Bank' }, 10_000_000, locale) });

  it('offers payment in full or later (chosen by default) and each programme with its lender, terms and monthly payment, as plain radios', () => {
    renderInRoute(<ReserveForm action={action} attempt="attempt-key-0123456789" depositKopecks={5_000_000} programmes={programmes('en')} />, {
      locale: 'en',
      path: action,
    });
    const group = screen.getByRole('group', { name: en.reservations.reserve.programmeTitle });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.name, r.value, r.checked])).toEqual([
      ['programmeId', '', true],
      ['programmeId', 'nord-new-build', false],
      ['programmeId', 'plan-12', false],
    ]);
    expect(within(group).getByRole('radio', { name: en.reservations.reserve.programmeNone })).toBe(radios[0]);
    const mortgage = within(group).getByRole('radio', { name: /New build · Nord Bank/ });
    expect(mortgage.closest('label')!.textContent).toContain('6% a year');
    expect(plainSpaces(mortgage.closest('label')!.textContent!)).toMatch(/₽[\d,]+ a month/);
    expect(
      within(group)
        .getByRole('radio', { name: /Instalments · The developer/ })
        .closest('label')!.textContent,
    ).toContain('A 5% markup');
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(en.reservations.reserve.programmeHint)).toBeTruthy();
  });

  it('keeps the choice after a refusal and shows the programme’s message in the visitor’s language', () => {
    renderInRoute(
      <ReserveForm
        action="/sosnovy/flat/45/reserve"
        attempt="attempt-key-0123456789"
        depositKopecks={5_000_000}
        programmes={programmes('ru')}
        result={{ values: { programmeId: 'plan-12' }, errors: { programmeId: ru.reservations.reserve.programmeInvalid } }}
      />,
      { locale: 'ru', path: '/sosnovy/flat/45/reserve' },
    );
    const group = screen.getByRole('group', { name: ru.reservations.reserve.programmeTitle });
    expect((within(group).getByRole('radio', { name: /Рассрочка/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(group).getByText(ru.reservations.reserve.programmeInvalid)).toBeTruthy();
  });

  it('is not shown when no programme finances the lot', () => {
    renderInRoute(<ReserveForm action={action} attempt="attempt-key-0123456789" depositKopecks={5_000_000} programmes={{ options: [] }} />, {
      locale: 'zh',
      path: '/zh/sosnovy/flat/45/reserve',
    });
    expect(screen.queryByRole('group', { name: zh.reservations.reserve.programmeTitle })).toBeNull();
  });
});
