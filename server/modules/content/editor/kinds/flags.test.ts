import { is, SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { flags as kind } from '#core/admin/kinds/flags.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { flags as binding } from './flags.ts';

const values = {
  key: 'home-hero-cta',
  description: 'Experiment: the wording of the home hero’s main button.',
  defaultValue: 'find',
  rules: [{ id: 'force-project', condition: { country: 'RU' }, force: 'project' }],
};

describe('feature flags', () => {
  itBindsEveryField(kind, binding, { values, stored: (columns) => columns });

  it('are checked whole by the flags’ own schema, and tell the flags’ copy in memory after a change', () => {
    expect(Object.keys(issuesOf(kind, { ...values, rules: [{ id: 'x', force: 'project', coverage: 2 }] }))).toEqual(['rules.0.coverage']);
    expect(binding.afterCommit).toBe('flags');
  });

  it('stamp a change with the database’s clock, as the flags’ service does', () => {
    expect(is(binding.toRow(values, null).updatedAt, SQL)).toBe(true);
  });
});
