import { describe, expect, it } from 'vitest';
import { seo as kind } from '#core/admin/kinds/seo.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { seo as binding } from './seo.ts';

const values = {
  url: '/selection',
  title: { ru: 'Избранное', en: 'My selection', zh: '' },
  description: { ru: 'Сохранённые квартиры.', en: 'The flats you saved.', zh: '' },
};

describe('SEO meta', () => {
  itBindsEveryField(kind, binding, { values });

  it('is one row per path of the site: a path another row has is the duplicate', () => {
    expect(issuesOf(kind, { ...values, url: '/selection?x=1' })).toEqual({ url: ['errors.sitePath'] });
    expect(binding.unique).toBe('url');
  });
});
