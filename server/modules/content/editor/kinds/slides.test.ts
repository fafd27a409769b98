import { describe, expect, it } from 'vitest';
import { slides as kind } from '#core/admin/kinds/slides.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { slides as binding } from './slides.ts';

const text = (ru: string, en = '', zh = '') => ({ ru, en, zh });
const values = {
  title: text('Квартиры с отделкой', 'Flats with finishing'),
  text: text('Готовый ремонт от застройщика.'),
  linkLabel: text('Смотреть квартиры'),
  url: '/filter?type=flat&finish=finished',
  projectId: null,
  image: { src: 'demo/interior.jpg', width: 3200, height: 2000 },
  imageAlt: text('Светлая гостиная'),
  published: true,
  position: 3,
};

describe('home slides', () => {
  itBindsEveryField(kind, binding, { values });

  it('keep their picture in three columns', () => {
    expect(binding.toRow(values, null)).toMatchObject({ image: 'demo/interior.jpg', imageWidth: 3200, imageHeight: 2000 });
  });

  it('lead to a path of the site or another site’s http(s) address', () => {
    expect(issuesOf(kind, { ...values, url: 'https://example.com/offer' })).toEqual({});
    expect(issuesOf(kind, { ...values, url: 'javascript:alert(1)' })).toEqual({ url: ['errors.link'] });
  });
});
