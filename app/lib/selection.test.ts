import { describe, expect, it } from 'vitest';
import { applySelectionChange, parseSelectionIds, readSelectionCookie, selectionCookie, SELECTION_LIMIT, selectionShareUrl } from './selection.ts';

describe('selection ids', () => {
  it('reads comma lists, drops invalid and repeated ids, keeps the order', () => {
    expect(parseSelectionIds('b,a,,b,not valid,c%2Cd')).toEqual(['b', 'a', 'c', 'd']);
    expect(parseSelectionIds(encodeURIComponent('x,y'))).toEqual(['x', 'y']);
    expect(parseSelectionIds(null)).toEqual([]);
  });

  it('caps the list', () => {
    const many = Array.from({ length: SELECTION_LIMIT + 5 }, (_, i) => `l${i}`).join(',');
    expect(parseSelectionIds(many)).toHaveLength(SELECTION_LIMIT);
  });

  it('tells a missing cookie from an empty one', () => {
    expect(readSelectionCookie('a=1; csrftoken=x')).toBeNull();
    expect(readSelectionCookie('a=1; selection=')).toEqual([]);
    expect(readSelectionCookie('selection=l1%2Cl2; b=2')).toEqual(['l1', 'l2']);
  });

  it('writes a year-long, Lax, site-wide cookie (Secure over HTTPS)', () => {
    expect(selectionCookie(['l1', 'l2'], false)).toBe('selection=l1%2Cl2; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(selectionCookie([], true)).toMatch(/^selection=; .*; Secure; SameSite=Lax$/);
  });
});

describe('applySelectionChange', () => {
  it('adds at the end, once', () => {
    expect(applySelectionChange(['a'], { intent: 'add', ids: ['b', 'a'] })).toEqual(['a', 'b']);
  });

  it('toggles, removes, clears, replaces and merges', () => {
    expect(applySelectionChange(['a', 'b'], { intent: 'toggle', ids: ['a', 'c'] })).toEqual(['b', 'c']);
    expect(applySelectionChange(['a', 'b'], { intent: 'remove', ids: ['a'] })).toEqual(['b']);
    expect(applySelectionChange(['a'], { intent: 'clear', ids: [] })).toEqual([]);
    expect(applySelectionChange(['a'], { intent: 'replace', ids: ['c', 'd'] })).toEqual(['c', 'd']);
    expect(applySelectionChange(['a'], { intent: 'merge', ids: ['a', 'z'] })).toEqual(['a', 'z']);
  });

  it('ignores ids that are not ids', () => {
    expect(applySelectionChange([], { intent: 'add', ids: ['<script>', 'ok-1'] })).toEqual(['ok-1']);
  });

  it('shares as /selection?ids=…', () => {
    expect(selectionShareUrl('https://example.ru', '/en/selection', ['a', 'b'])).toBe('https://example.ru/en/selection?ids=a,b');
  });
});
