import { describe, expect, it } from 'vitest';
import { redirects as kind } from '#core/admin/kinds/redirects.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { redirects as binding } from './redirects.ts';

const values = { oldPath: '/parking', newPath: '/filter/mashino-mesta' };

describe('redirects', () => {
  itBindsEveryField(kind, binding, { values });

  it('send one path of the site to another; an old path another redirect has is the duplicate', () => {
    expect(issuesOf(kind, { oldPath: 'https://example.com/x', newPath: '//evil.example' })).toEqual({
      oldPath: ['errors.sitePath'],
      newPath: ['errors.sitePath'],
    });
    expect(binding.unique).toBe('oldPath');
  });
});
