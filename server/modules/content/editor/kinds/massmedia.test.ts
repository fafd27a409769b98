import { describe, expect, it } from 'vitest';
import { massmedia as kind } from '#core/admin/kinds/massmedia.ts';
import { issuesOf, itBindsEveryField, publication } from '#tests/fixtures/admin-kinds.ts';
import { massmedia as binding } from './massmedia.ts';

const values = { ...publication, sourceName: { ru: 'Дом и город', en: 'Home & City', zh: '' }, sourceUrl: 'https://example.com/press/interview' };

describe('press mentions', () => {
  itBindsEveryField(kind, binding, { values });

  it('have no page of their own, and link to another site only', () => {
    expect(binding.publicPath?.({ id: 2, slug: 'interview' })).toBeNull();
    expect(Object.keys(issuesOf(kind, { ...values, sourceUrl: 'javascript:alert(1)' }))).toEqual(['sourceUrl']);
  });
});
