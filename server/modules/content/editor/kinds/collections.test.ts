import { describe, expect, it } from 'vitest';
import { collections as kind } from '#core/admin/kinds/collections.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { collections as binding } from './collections.ts';

const text = (ru: string, en = '', zh = '') => ({ ru, en, zh });
const values = {
  slug: 'with-discount',
  title: text('Квартиры со скидкой', 'Flats on discount'),
  description: text('Цена снижена по акциям.', 'Reduced under the promotions.'),
  intro: text('Первый абзац.\n\nВторой абзац.', 'One paragraph.', ''),
  query: 'type=flat&discount=true',
  lotIds: ['2106', '2107'],
  position: 3,
  published: true,
};

describe('collections', () => {
  itBindsEveryField(kind, binding, { values });

  it('keep the introduction as paragraphs, a query without its "?", and no empty lists', () => {
    const row = binding.toRow({ ...values, intro: text('Один.\n \nДва.\n'), query: '?type=flat', lotIds: [] }, null);
    expect(row).toMatchObject({ intro: { ru: ['Один.', 'Два.'], en: [], zh: [] }, query: 'type=flat', lotIds: null });
    expect(binding.toRow({ ...values, query: '  ' }, null).query).toBeNull();
  });

  it('need a filter the site reads, or a curator’s lots', () => {
    expect(issuesOf(kind, { ...values, query: 'rooms=lots' })).toEqual({ query: ['errors.filterQuery'] });
    expect(issuesOf(kind, { ...values, query: null, lotIds: [] })).toEqual({ query: ['errors.collectionLots'] });
    expect(issuesOf(kind, { ...values, lotIds: ['12a'] })).toEqual({ 'lotIds.0': ['errors.lotId'] });
  });
});
