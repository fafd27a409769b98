import { describe, expect, it } from 'vitest';
import { masterplans as kind } from '#core/admin/kinds/masterplans.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { masterplans as binding } from './masterplans.ts';

const values = { project: '2', genplanScale: 0.25, genplanNorth: 12.5 };

describe('master plans', () => {
  // The project's row keeps its id: the item's `project`.
  itBindsEveryField(kind, binding, { values, stored: (columns) => ({ id: 2, ...columns }) });

  it('take a scale above nothing and up to 10 m a pixel, and a north from 0 up to 360 degrees', () => {
    expect(Object.keys(issuesOf(kind, { ...values, genplanScale: 0, genplanNorth: 360 })).sort()).toEqual(['genplanNorth', 'genplanScale']);
    expect(Object.keys(issuesOf(kind, { ...values, genplanScale: 11, genplanNorth: -1 })).sort()).toEqual(['genplanNorth', 'genplanScale']);
  });

  it('write only the plan: the rest of the project is the catalogue’s', () => {
    expect(binding.toRow(values, null)).toEqual({ genplanScale: 0.25, genplanNorth: 12.5 });
    expect(kind.creatable).toBe(false);
    expect(kind.deletable).toBe(false);
  });
});
