import { describe, expect, it } from 'vitest';
import { news as kind } from '#core/admin/kinds/news.ts';
import { issuesOf, itBindsEveryField, publication } from '#tests/fixtures/admin-kinds.ts';
import { news as binding } from './news.ts';

const text = (ru: string, en = '', zh = '') => ({ ru, en, zh });

describe('news', () => {
  itBindsEveryField(kind, binding, { values: publication });

  it('is a publication of its own kind, at /news/{slug}, its rich text cleaned on the way in', () => {
    const row = binding.toRow({ ...publication, body: text('<p onclick="x()">Да<script>alert(1)</script></p>') }, null);
    expect(row).toMatchObject({ kind: 'news', body: text('<p>Да</p>'), image: 'demo/interior.jpg', imageWidth: 3200, imageHeight: 2000 });
    expect(binding.publicPath?.({ id: 4, slug: 'office-opening' })).toBe('/news/office-opening');
  });

  it('takes a slug of lower-case words joined by hyphens', () => {
    expect(issuesOf(kind, { ...publication, slug: 'Office Opening' })).toEqual({ slug: ['errors.slug'] });
  });
});
