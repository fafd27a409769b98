import { describe, expect, it } from 'vitest';
import { createAdaptiveLimit, createWaitQueue, FLOOR, isVisitorWrite, QUEUE_INTERVAL_MS, type Waiter } from './load.ts';

describe('admission by the event loop’s delay', () => {
  it('grows while the loop keeps up and requests wait, shrinks when it falls behind, within its floor and ceiling', () => {
    const adaptive = createAdaptiveLimit({ ceiling: 40, targetDelayMs: 50 });
    expect(adaptive.limit).toBe(FLOOR);
    // The loop keeps up but nobody waited: no reason to admit more.
    adaptive.sample(5);
    expect(adaptive.limit).toBe(FLOOR);
    const grown: number[] = [];
    for (let i = 0; i < 12; i++) {
      adaptive.saturated();
      adaptive.sample(10);
      grown.push(adaptive.limit);
    }
    expect(grown[0]).toBe(FLOOR + 1);
    expect(grown.every((limit, i) => i === 0 || limit >= grown[i - 1]!)).toBe(true);
    expect(adaptive.limit).toBe(40);
    adaptive.sample(120);
    expect(adaptive.limit).toBe(28);
    for (let i = 0; i < 10; i++) adaptive.sample(500);
    expect(adaptive.limit).toBe(FLOOR);
  });

  it('holds a fixed limit when no target is set, and never a floor above its ceiling', () => {
    const fixed = createAdaptiveLimit({ ceiling: 12, targetDelayMs: 0 });
    fixed.saturated();
    fixed.sample(900);
    expect(fixed.limit).toBe(12);
    const one = createAdaptiveLimit({ ceiling: 1, targetDelayMs: 50 });
    one.saturated();
    one.sample(1);
    expect(one.limit).toBe(1);
  });
});

describe('what a visitor sends', () => {
  it('is every lead, booking, bid and subscription post of the API, the legacy subscription and a page form post', () => {
    for (const url of [
      '/api/request/',
      '/api/meeting/',
      '/api/broker_tour/create_meeting/',
      '/api/partner_meeting/',
      '/old/subscribe/',
      '/api/presale_interest/',
      '/api/multilingual_landing/send_lead/',
      '/api/subscription_forms/news/submit/',
      '/api/auction/12/bid/',
      '/api/alerts/',
      '/en/forms/request',
      '/forms/meeting',
      '/sosnovy/commercial/10/auction',
    ])
      expect(isVisitorWrite({ method: 'POST', url }), url).toBe(true);
  });

  it('is not a read, another API call or the back office', () => {
    for (const [method, url] of [
      ['GET', '/api/request/'],
      ['GET', '/en/forms/request'],
      ['POST', '/api/csrf/'],
      ['POST', '/api/admin/leads/1/redeliver/'],
      ['POST', '/admin/content'],
      ['POST', '/img/abc'],
      ['POST', '/api/requests/'],
    ] as const)
      expect(isVisitorWrite({ method, url }), `${method} ${url}`).toBe(false);
  });
});

describe('the queue of requests waiting for a slot', () => {
  const waiter = (name: string, log: string[]): Waiter => ({ since: 0, admit: () => log.push(`admit ${name}`), shed: () => log.push(`shed ${name}`) });

  it('serves a burst first come, first served, however long it waits', () => {
    let clock = 0;
    const queue = createWaitQueue({ targetMs: 50, intervalMs: QUEUE_INTERVAL_MS, now: () => clock });
    const log: string[] = [];
    for (const name of ['a', 'b', 'c']) queue.push(waiter(name, log));
    clock = 80;
    queue.take((w) => w.shed())?.admit();
    queue.take((w) => w.shed())?.admit();
    expect(log).toEqual(['admit a', 'admit b']);
    // Emptied: the next burst starts afresh.
    queue.take((w) => w.shed())?.admit();
    clock = 150;
    queue.push(waiter('d', log));
    queue.push(waiter('e', log));
    clock = 240;
    queue.take((w) => w.shed())?.admit();
    expect(log.slice(3)).toEqual(['admit d']);
  });

  it('under a queue that has stood past its interval, serves the newest first and sheds at once those past the target', () => {
    let clock = 0;
    const queue = createWaitQueue({ targetMs: 50, intervalMs: QUEUE_INTERVAL_MS, now: () => clock });
    const log: string[] = [];
    queue.push(waiter('old', log));
    clock = 60;
    queue.push(waiter('older-than-target', log));
    clock = 90;
    queue.push(waiter('recent', log));
    clock = 95;
    queue.push(waiter('newest', log));
    clock = 120;
    // Never empty since 0: overload. "old" (120 ms) and "older-than-target" (60 ms) are past 50 ms.
    queue.take((w) => w.shed())?.admit();
    expect(log).toEqual(['shed old', 'shed older-than-target', 'admit newest']);
    expect(queue.length).toBe(1);
    queue.take((w) => w.shed())?.admit();
    expect(log.at(-1)).toBe('admit recent');
    expect(queue.length).toBe(0);
  });

  it('under a standing queue admits the newest even when every waiter is late: a free slot is never left idle', () => {
    let clock = 0;
    const queue = createWaitQueue({ targetMs: 50, intervalMs: QUEUE_INTERVAL_MS, now: () => clock });
    const log: string[] = [];
    queue.push(waiter('a', log));
    queue.push(waiter('b', log));
    queue.push(waiter('c', log));
    clock = 400;
    queue.take((w) => w.shed())?.admit();
    expect(log).toEqual(['shed a', 'shed b', 'admit c']);
    expect(queue.length).toBe(0);
  });

  it('with no target keeps first come, first served, and a waiter that left is not served', () => {
    let clock = 0;
    const queue = createWaitQueue({ targetMs: 0, intervalMs: QUEUE_INTERVAL_MS, now: () => clock });
    const log: string[] = [];
    const gone = waiter('gone', log);
    queue.push(waiter('a', log));
    queue.push(gone);
    queue.push(waiter('b', log));
    queue.remove(gone);
    clock = 5_000;
    queue.take((w) => w.shed())?.admit();
    queue.take((w) => w.shed())?.admit();
    expect(log).toEqual(['admit a', 'admit b']);
    expect(queue.take((w) => w.shed())).toBeUndefined();
  });
});
