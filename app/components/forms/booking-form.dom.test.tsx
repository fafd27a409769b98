import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
// The API client loads its antibot digest with its first call: loaded here, a call answers within the test's act().
import '#core/http/antibot.ts';
import { renderInRoute } from '#tests/fixtures/dom.tsx';
import { BookingForm, type BookingData } from './booking-form.tsx';

/**
 * The meeting form's office, date and time in a DOM, with a stand-in for `/api/meeting/facets/` whose answers the
 * test releases: only free dates and times are offered, they follow the office chosen, and the latest choice wins
 * when an earlier answer arrives after it. (Booking it, in a dialog and on the form's page: tests/e2e/offices/ and
 * tests/e2e/leads/forms.test.ts.)
 */
const DATA: BookingData = {
  kind: 'meeting',
  field: 'office',
  resources: [
    { value: '1', label: 'Central office' },
    { value: '2', label: 'Lipovy sales office' },
  ],
  resource: '1',
  date: '2026-12-02',
  dates: ['2026-12-02', '2026-12-03', '2026-12-04'],
  slots: [
    { value: '10:00', left: 2 },
    { value: '11:00', left: 1 },
  ],
};
/** What each office has free: dates, and the times of each date. */
const FREE: Record<string, Record<string, string[]>> = {
  '1': { '2026-12-02': ['10:00', '11:00'], '2026-12-03': ['12:00'], '2026-12-04': ['14:00'] },
  '2': { '2026-12-03': ['09:00', '15:00'], '2026-12-04': ['16:00'] },
};

type Held = { query: URLSearchParams; release: () => void };
const held: Held[] = [];
let holding = false;

function facets(query: URLSearchParams): object {
  const office = FREE[query.get('office') ?? ''] ?? {};
  const date = query.get('date');
  if (!date) return { count: 0, items: { date: { choices: Object.fromEntries(Object.keys(office).map((d) => [d, 1])) } } };
  return { count: 0, items: { slot: { choices: Object.fromEntries((office[date] ?? []).map((s) => [s, 1])) } } };
}

beforeEach(() => {
  held.length = 0;
  holding = false;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string | URL) => {
      const query = new URL(String(input), 'http://localhost:3000').searchParams;
      const answer = () => new Response(JSON.stringify(facets(query)), { headers: { 'content-type': 'application/json' } });
      if (!holding) return Promise.resolve(answer());
      return new Promise<Response>((resolve) => held.push({ query, release: () => resolve(answer()) }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const settle = () => act(async () => {});
const select = (label: string) => screen.getByRole('combobox', { name: new RegExp(`^${label}`) }) as HTMLSelectElement;
/** A select's choices, the placeholder aside. */
const choices = (label: string) => [...select(label).options].map((o) => o.value).filter(Boolean);

describe('the meeting form’s office, date and time', () => {
  it('offers the loader’s free dates and times, then the free ones of the office chosen', async () => {
    renderInRoute(<BookingForm data={DATA} />, { locale: 'en', path: '/en/forms/meeting' });
    expect(choices(en.forms.fields.date)).toEqual(['2026-12-02', '2026-12-03', '2026-12-04']);
    expect(choices(en.forms.fields.slot)).toEqual(['10:00', '11:00']);

    fireEvent.change(select(en.forms.fields.office), { target: { value: '2' } });
    await settle();
    await settle();
    // The date shown is not free at that office: its first free one.
    expect(choices(en.forms.fields.date)).toEqual(['2026-12-03', '2026-12-04']);
    expect(select(en.forms.fields.date).value).toBe('2026-12-03');
    expect(choices(en.forms.fields.slot)).toEqual(['09:00', '15:00']);
    expect(select(en.forms.fields.date).getAttribute('aria-busy')).toBeNull();
  });

  it('keeps the date chosen while the office it follows was still on its way', async () => {
    renderInRoute(<BookingForm data={DATA} />, { locale: 'en', path: '/en/forms/meeting' });
    holding = true;
    // The office is chosen, its answer held; then a date of the lists shown (free at that office too, not the one its
    // answer will show) is chosen.
    fireEvent.change(select(en.forms.fields.office), { target: { value: '2' } });
    await settle();
    expect(select(en.forms.fields.date).getAttribute('aria-busy')).toBe('true');
    fireEvent.change(select(en.forms.fields.date), { target: { value: '2026-12-04' } });
    await settle();
    // The date's answers first, then the office's, late.
    const [officeFirst, ...rest] = held.splice(0);
    for (const request of rest) request.release();
    await settle();
    for (const request of held.splice(0)) request.release();
    await settle();
    officeFirst!.release();
    await settle();
    for (const request of held.splice(0)) request.release();
    await settle();
    expect(select(en.forms.fields.date).value).toBe('2026-12-04');
    expect(choices(en.forms.fields.slot)).toEqual(['16:00']);
    expect(select(en.forms.fields.date).getAttribute('aria-busy')).toBeNull();
  });

  it('starts an office opened in the dialog at its own first free time, not the loader’s office’s', async () => {
    // The loader's office opens at 10:00; the one chosen on the page opens at 09:00 on the same day.
    const data = { ...DATA, date: '2026-12-03', dates: ['2026-12-03'], slots: [{ value: '12:00', left: 1 }] };
    renderInRoute(<BookingForm data={data} resource="2" />, { locale: 'en', path: '/en/contacts' });
    await settle();
    await settle();
    expect(choices(en.forms.fields.slot)).toEqual(['09:00', '15:00']);
    expect(select(en.forms.fields.slot).value).toBe('09:00');
  });
});
