import { describe, expect, it } from 'vitest';
import { windowviews as kind } from '#core/admin/kinds/windowviews.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { windowviews as binding } from './windowviews.ts';

const values = { projectId: 1, buildingNumber: 2, sectionNumber: null, floorFrom: 5, floorTo: 12, side: 'south', tags: ['park', 'water'] };

describe('window views', () => {
  itBindsEveryField(kind, binding, { values });

  it('cover a range of floors from the lower to the higher, named on the upper bound', () => {
    expect(issuesOf(kind, { ...values, floorFrom: 12, floorTo: 5 })).toEqual({ floorTo: ['errors.floorRange'] });
    expect(issuesOf(kind, { ...values, floorFrom: 7, floorTo: 7, sectionNumber: 3 })).toEqual({});
  });

  it('face one of four sides and say at least one view tag, each once', () => {
    expect(Object.keys(issuesOf(kind, { ...values, side: 'up' }))).toEqual(['side']);
    expect(Object.keys(issuesOf(kind, { ...values, tags: [] }))).toEqual(['tags']);
    expect(Object.keys(issuesOf(kind, { ...values, tags: ['sea'] }))).toEqual(['tags.0']);
    expect(issuesOf(kind, { ...values, tags: ['park', 'park'] })).toEqual({ tags: ['errors.repeatedChoice'] });
  });
});
