import { describe, expect, it } from 'vitest';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from './routes.ts';
import { PAGE_SLUG, RESERVED_SLUG_HEADS, slugReserved } from '#core/content/pages.ts';

/** Every route's full path (its ancestors' paths joined), for the routes the config declares. */
function paths(entries: RouteConfigEntry[], base = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${base}/${entry.path}` : base;
    return [path, ...paths(entry.children ?? [], path)];
  });
}

describe('reserved slug heads', () => {
  it('hold the first segment of every route of the site but the catch-all', () => {
    const heads = new Set(
      paths(routes)
        .map((p) => p.split('/').filter(Boolean)[0])
        .filter((head): head is string => !!head && !head.startsWith(':') && head !== '*'),
    );
    expect(heads.size).toBeGreaterThan(10);
    for (const head of heads) expect(RESERVED_SLUG_HEADS.has(head), head).toBe(true);
  });

  it('judge a slug by its first segment only', () => {
    expect(slugReserved('news')).toBe(true);
    expect(slugReserved('news/today')).toBe(true);
    expect(slugReserved('api')).toBe(true);
    expect(slugReserved('newsletter')).toBe(false);
    expect(slugReserved('purchase/news')).toBe(false);
    for (const head of RESERVED_SLUG_HEADS) if (PAGE_SLUG.test(head)) expect(slugReserved(head)).toBe(true);
  });
});
