import { describe, expect, it } from 'vitest';
import { reservations as kind } from '#core/admin/kinds/reservations.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { reservations as binding } from './reservations.ts';

const values = { projectId: 2, enabled: true, depositRub: 50_000, periodDays: 7, refundWindowDays: 3 };

describe('online reservation terms', () => {
  itBindsEveryField(kind, binding, { values });

  it('keep the deposit in kopecks, edited in roubles; the site-wide item has no project', () => {
    expect(binding.toRow(values, null)).toMatchObject({ depositKopecks: 5_000_000, projectId: 2 });
    expect(binding.toValues({ id: 1, ...binding.toRow({ ...values, projectId: null }, null) })).toMatchObject({ projectId: null, depositRub: 50_000 });
  });

  it('refuse a deposit or a period that is not a whole positive number, naming the field', () => {
    expect(issuesOf(kind, { ...values, depositRub: 0 })).toEqual({ depositRub: ['errors.deposit'] });
    expect(issuesOf(kind, { ...values, depositRub: 100.5 })).toEqual({ depositRub: ['errors.deposit'] });
    expect(issuesOf(kind, { ...values, periodDays: 0 })).toEqual({ periodDays: ['errors.periodDays'] });
    expect(issuesOf(kind, { ...values, refundWindowDays: -1 })).toEqual({ refundWindowDays: ['errors.refundWindowDays'] });
  });

  it('are one per project and one for the site: a second is refused on the project', () => {
    expect(binding.unique).toBe('projectId');
  });
});
