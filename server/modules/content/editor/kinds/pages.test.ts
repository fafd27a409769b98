import { describe, expect, it } from 'vitest';
import { pages as kind } from '#core/admin/kinds/pages.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { pages as table } from '../../../../db/schema/index.ts';
import { pages as binding } from './pages.ts';

const text = (ru: string, en = '', zh = '') => ({ ru, en, zh });
const values = {
  slug: 'purchase/trade-in',
  template: 'text',
  title: text('Трейд-ин', 'Trade-in'),
  description: text('Как зачесть квартиру', 'Your flat towards a new one'),
  body: text('<h2>Как это работает</h2><p>Оценка и продажа.</p>', '<p>We value it.</p>'),
  published: true,
};

describe('slug pages', () => {
  itBindsEveryField(kind, binding, { values });

  it('are at /{slug}, which the other slug kinds share, their rich text cleaned on the way in', () => {
    expect(binding.publicPath?.({ id: 1, slug: 'purchase/trade-in' })).toBe('/purchase/trade-in');
    expect(binding.publicSlug).toBe(table.slug);
    expect(binding.toRow({ ...values, body: text('<p>Да<script>x()</script></p>') }, null).body).toEqual(text('<p>Да</p>'));
  });

  it('take an address of lower-case parts separated by "/", and one of their templates', () => {
    expect(issuesOf(kind, { ...values, slug: 'Legal Info', template: 'landing' })).toEqual({ slug: ['errors.pageSlug'], template: [expect.any(String)] });
  });
});
