import { describe, expect, it } from 'vitest';
import { CONTENT_KINDS } from '#core/admin/kinds.ts';
import { allDemoItems } from './seed-demo.ts';
import { checkedValues } from './seed-kinds.ts';

describe('the demo content', () => {
  const items = allDemoItems();

  it('holds only what the back office accepts: every item passes its kind’s schema', () => {
    const refused = items.flatMap((item) => {
      try {
        checkedValues(item);
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    });
    expect(refused).toEqual([]);
    expect(items.length).toBeGreaterThan(100);
  });

  it('is seeded through every kind but those seeded elsewhere', () => {
    // The subscription headings come with their migration (0024); the auctions are made on the demo's generated lots,
    // their times from the moment of seeding (server/modules/auctions/demo.ts); the online reservation's terms are the
    // RESERVATION_* defaults until the back office sets some (server/modules/reservations/settings.ts); the master
    // plans are the catalogue's projects (their scale and north from migration 0033's defaults), and the demo has no
    // neighbouring buildings or editors' window views (its views come from its lots' codes, issue #41).
    const elsewhere = ['subscriptions', 'auctions', 'reservations', 'masterplans', 'neighbours', 'windowviews'];
    expect(new Set(items.map((item) => item.kind))).toEqual(new Set(CONTENT_KINDS.filter((kind) => !elsewhere.includes(kind))));
  });

  it('stops the seed at an item its kind refuses, naming the item and the field', () => {
    const item = { kind: 'redirects' as const, where: 'content/redirects.ts /nowhere', values: { oldPath: '/nowhere', newPath: 'https://example.com/' } };
    expect(() => checkedValues(item)).toThrow(
      /^content\/redirects\.ts \/nowhere: the back office's "redirects" refuses it: newPath: Enter a path of this site starting with "\/"\.$/,
    );
  });
});
