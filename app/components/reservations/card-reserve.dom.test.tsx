import { screen, within } from '@testing-library/react';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LotAuction, LotCard as LotCardData } from '#core/catalogue/types.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import { LotCard } from '#app/components/catalogue/lot-card.tsx';
import { LotList } from '#app/components/catalogue/lot-row.tsx';
import { appContext, type AppLoadValues } from '#app/lib/context.server.ts';
import { reservationOffer } from '#app/loaders/reservations.server.ts';
import { withReserveLinks } from '#app/loaders/reservation-offers.server.ts';
import { lotFixture } from '#tests/fixtures/catalogue.ts';
import { renderInRoute } from '#tests/fixtures/dom.tsx';

/**
 * "Reserve online" on the lot cards and list rows (issue #39), in a DOM: the lots marked by the list pages' loader
 * (`withReserveLinks`, the lot page's own rule, run here against a stand-in of the reservations port) show a link to
 * their reserve page named by the lot, reached by keyboard; a lot in any other state shows none, and a page without
 * payments marks nothing. The pages themselves, kept and following the settings: tests/integration/reservations/card-offer.test.ts.
 */
const TERMS = { depositKopecks: 5_000_000, periodDays: 7, refundWindowDays: 3, holdMinutes: 15 };
const auction: LotAuction = {
  id: 1,
  phase: 'live',
  startPrice: 10_000_000,
  bestAmount: null,
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: '2026-12-31T00:00:00Z',
  url: '/auctions/1',
};

/** A page's load context whose reservations port offers the terms for the projects in `enabled` (null: no payments). */
function contextWith(enabled: string[] | null, asked: number[] = []) {
  const context = new RouterContextProvider();
  const reservations =
    enabled &&
    ({
      offer: async (projectId: number) => {
        asked.push(projectId);
        return enabled.includes(String(projectId)) ? TERMS : null;
      },
    } as unknown as NonNullable<AppLoadValues['reservations']>);
  context.set(appContext, { reservations } as AppLoadValues);
  return context;
}

/** A free flat for sale and one of each state no page offers to reserve, in project 2 unless told. */
const lot = (number: string, overrides: Partial<LotCardData> = {}) => lotFixture({ id: `lot-${number}`, number, url: `/sosnovy/flat/${number}`, ...overrides });
const lots = [
  lot('22'),
  lot('23'),
  lot('24', { status: 'held' }),
  lot('25', { status: 'reserved', reservedUntil: '2026-12-12T00:00:00Z' }),
  lot('26', { status: 'sold' }),
  lot('27', { status: 'booked' }),
  lot('28', { status: 'auction', auction }),
  lot('29', { offer: 'rent' }),
  lot('30', { offer: 'presale' }),
  lot('31', { projectId: '1', projectShortSlug: 'lipovy', url: '/lipovy/flat/31' }),
];
const reserveLinks = () => screen.queryAllByRole('link', { name: new RegExp(`^${en.reservations.offer.action} `) });

describe('the lot cards’ “Reserve online”', () => {
  it('shows on each card the lot page offers it for, named by its lot, to its reserve page, reached by keyboard', async () => {
    const asked: number[] = [];
    const marked = await withReserveLinks(contextWith(['2'], asked), lots, 'en');
    // Each project's terms read once for the page.
    expect(asked.sort()).toEqual([1, 2]);
    renderInRoute(
      <ul>
        {marked.map((one) => (
          <li key={one.id}>
            <LotCard lot={one} />
          </li>
        ))}
      </ul>,
      { locale: 'en', path: '/en/filter' },
    );
    const links = reserveLinks();
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/en/sosnovy/flat/22/reserve', '/en/sosnovy/flat/23/reserve']);
    // The words shown; the lot's title after them is read, not shown.
    expect(links.map((link) => link.firstChild?.textContent)).toEqual([en.reservations.offer.action, en.reservations.offer.action]);
    expect(links.map((link) => link.querySelector('.sr-only')?.textContent)).toEqual([' 2-room flat No. 22', ' 2-room flat No. 23']);
    // Unique per card: the words, then the card's title.
    const [first, second] = links as [HTMLElement, HTMLElement];
    expect(screen.getByRole('link', { name: `${en.reservations.offer.action} 2-room flat No. 22` })).toBe(first);
    expect(screen.getByRole('link', { name: `${en.reservations.offer.action} 2-room flat No. 23` })).toBe(second);
    // A link of its own in the tab order, above the card's stretched link.
    expect(first.tabIndex).toBe(0);
    first.focus();
    expect(document.activeElement).toBe(first);
    expect(first.className).toContain('z-10');
    // The lot page's own answer, for every lot: the cards show exactly those.
    const offered = await Promise.all(lots.map(async (one) => ((await reservationOffer(contextWith(['2']), one)) ? one.number : null)));
    expect(offered.filter(Boolean)).toEqual(['22', '23']);
  });

  it('shows on the list rows too, in the page’s language', async () => {
    const marked = await withReserveLinks(contextWith(['2']), lots, 'zh');
    renderInRoute(<LotList lots={marked} />, { locale: 'zh', path: '/zh/filter?layout=list' });
    const rows = screen.getAllByRole('listitem');
    const withLink = rows.filter((row) => within(row).queryByRole('link', { name: new RegExp(`^${zh.reservations.offer.action} `) }));
    expect(withLink).toHaveLength(2);
    const link = within(withLink[0]!).getByRole('link', { name: new RegExp(`^${zh.reservations.offer.action} .*22`) });
    expect(link.getAttribute('href')).toBe('/zh/sosnovy/flat/22/reserve');
  });

  it('is nowhere without payments, nor when no project takes reservations: the lots come back as they were', async () => {
    for (const context of [contextWith(null), contextWith([])]) {
      const marked = await withReserveLinks(context, lots, 'en');
      expect(marked).toEqual(lots);
      expect(marked.some((one) => 'reserve' in one)).toBe(false);
    }
    const { container } = renderInRoute(<LotCard lot={lots[0]!} />, { locale: 'en', path: '/en/filter' });
    expect(reserveLinks()).toHaveLength(0);
    expect(container.querySelector('a[href$="/reserve"]')).toBeNull();
  });
});
