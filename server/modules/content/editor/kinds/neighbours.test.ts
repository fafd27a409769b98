import { describe, expect, it } from 'vitest';
import { neighbours as kind } from '#core/admin/kinds/neighbours.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { neighbours as binding } from './neighbours.ts';

const values = { projectId: 1, name: 'Бизнес-центр «Север»', outline: 'M 100 -200 h 300 v 120 h -300 Z', height: 75.5, position: 0 };

describe('neighbouring buildings', () => {
  itBindsEveryField(kind, binding, { values });

  it('have an outline the sun’s computation reads, with an area', () => {
    for (const outline of ['M 0 0 L 10 0 Z', 'M 0 0 L 10 x 20 20 Z', 'hello', 'M 0 0 Q 10'])
      expect(issuesOf(kind, { ...values, outline }), outline).toEqual({ outline: ['errors.outline'] });
    expect(issuesOf(kind, { ...values, outline: 'm10 10 c 20 0 40 20 40 40 l -40 0 z' })).toEqual({});
  });

  it('stand above the ground and below 600 m', () => {
    for (const height of [0, -3, 601]) expect(Object.keys(issuesOf(kind, { ...values, height })), String(height)).toEqual(['height']);
  });

  it('recompute their project’s sun on every change and deletion', () => {
    expect(binding.written).toBeTypeOf('function');
    expect(binding.removed).toBeTypeOf('function');
    expect(binding.references).toBe('projectId');
  });
});
