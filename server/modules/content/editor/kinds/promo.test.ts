import { describe, expect, it } from 'vitest';
import { promo as kind } from '#core/admin/kinds/promo.ts';
import { itBindsEveryField, publication } from '#tests/fixtures/admin-kinds.ts';
import { promo as binding } from './promo.ts';

const values = { ...publication, badge: { ru: '0 %', en: '0%', zh: '' }, endsAt: '2026-08-31' };

describe('promotions', () => {
  itBindsEveryField(kind, binding, { values });

  it('are at /promo/{id}; a promotion saved without a badge reads as an empty one', () => {
    expect(binding.publicPath?.({ id: 5, slug: 'summer' })).toBe('/promo/5');
    expect(binding.toValues({ ...binding.toRow(values, null), badge: null }).badge).toEqual({ ru: '', en: '', zh: '' });
  });
});
