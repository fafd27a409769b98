import { describe, expect, it } from 'vitest';
import { auctions as kind } from '#core/admin/kinds/auctions.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { auctions as binding } from './auctions.ts';

const values = {
  lotId: 2106,
  startPrice: 30_560_000,
  minStep: 100_000,
  startsAt: '2026-11-19T10:00:00.000Z',
  plannedEndsAt: '2026-11-26T10:00:00.000Z',
  extendMinutes: 10,
  result: null,
};

describe('auctions', () => {
  itBindsEveryField(kind, binding, { values });

  it('are judged whole by the auctions import’s rules, each issue on its field', () => {
    expect(issuesOf(kind, { ...values, plannedEndsAt: '2026-11-18T10:00:00.000Z' })).toEqual({ plannedEndsAt: ['The end must come after the start.'] });
  });

  it('keep an end their bids extended past a new announced end', () => {
    const extended = new Date('2026-11-26T10:20:00.000Z');
    const current = { bidCount: 3, plannedEndsAt: new Date('2026-11-26T10:00:00.000Z'), endsAt: extended };
    expect(binding.toRow({ ...values, plannedEndsAt: '2026-11-26T10:10:00.000Z' }, current).endsAt).toEqual(extended);
    expect(binding.toRow(values, null).endsAt).toEqual(new Date(values.plannedEndsAt));
  });
});
