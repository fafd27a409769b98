import { describe, expect, it } from 'vitest';
import { menus as kind } from '#core/admin/kinds/menus.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { menus as binding } from './menus.ts';

const values = { menu: 'footer', parentId: 35, title: { ru: 'Политика', en: 'Policy', zh: '' }, url: '/data-recipients', position: 3 };

describe('menu links', () => {
  itBindsEveryField(kind, binding, { values });

  it('lead to a path of the site or an http(s) address; a parent that does not exist is a refusal on its field', () => {
    expect(issuesOf(kind, { ...values, url: 'mailto:x@example.com' })).toEqual({ url: ['errors.link'] });
    expect(binding.references).toBe('parentId');
  });

  it('check their parent against the other links before every change, a deletion aside', async () => {
    const untouched = { select: () => expect.unreachable('a deletion reads no parent') } as never;
    await expect(binding.refuse?.(untouched, 12, null)).resolves.toBeNull();
    await expect(binding.refuse?.(untouched, 35, values)).resolves.toEqual({ field: 'parentId', message: 'menuParent' });
  });
});
