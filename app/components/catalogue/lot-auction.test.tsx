import { describe, expect, it } from 'vitest';
import type { LotAuction } from '#core/catalogue/types.ts';
import { lotFixture } from '#tests/fixtures/catalogue.ts';
import { renderCatalogue, textOf } from '#tests/fixtures/render.tsx';
import { CompareTable } from './compare-table.tsx';
import { LotCard } from './lot-card.tsx';
import { LotRow } from './lot-row.tsx';

/** The text as read, without the spaces React's text markers leave around a colon. */
const clean = (text: string) =>
  text
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/ +:/g, ':')
    .replace(/ +/g, ' ');
const auction: LotAuction = {
  id: 3,
  phase: 'live',
  startPrice: 32_110_000,
  bestAmount: 32_400_000,
  startsAt: '2026-11-27T09:00:00.000Z',
  endsAt: '2026-12-13T15:00:00.000Z',
  url: '/auctions/3',
};

/** A lot in an auction shows its auction where a price would be, never its list price (DESIGN "A lot has one commercial state"). */
describe('a lot in an auction on its card, its list row and the comparison', () => {
  const lot = lotFixture({ status: 'auction', price: 35_680_900, auction });

  it('shows the best bid, the start price and the end, not the list price nor a monthly payment', () => {
    for (const html of [renderCatalogue(<LotCard lot={lot} />), renderCatalogue(<ul>{<LotRow lot={lot} />}</ul>)]) {
      const text = clean(textOf(html));
      expect(text).toContain('Аукцион');
      expect(text).toContain('Лучшая ставка');
      expect(text).toContain('32 400 000 ₽');
      expect(text).toContain('Начальная цена: 32 110 000 ₽');
      expect(text).toMatch(/Окончание: 13 декабря,? (в )?18:00 МСК/);
      expect(text).not.toContain('35 680 900');
      expect(text).not.toContain('В продаже');
    }
  });

  it('an announced one shows its start price and when it starts', () => {
    const text = clean(textOf(renderCatalogue(<LotCard lot={{ ...lot, auction: { ...auction, phase: 'announced', bestAmount: null } }} />)));
    expect(text).toContain('Начальная цена 32 110 000 ₽');
    expect(text).toMatch(/Начало: 27 ноября,? (в )?12:00 МСК/);
    expect(text).not.toContain('35 680 900');
  });

  it('the comparison compares it at its best bid, and a sold lot at no price', () => {
    const sold = lotFixture({ id: 'lot-46', number: '46', status: 'sold', price: 14_100_000 });
    const text = clean(textOf(renderCatalogue(<CompareTable lots={[lot, sold]} onlyDiff={false} />)));
    expect(text).toContain('32 400 000 ₽');
    expect(text).not.toContain('35 680 900');
    expect(text).not.toContain('14 100 000');
  });
});
