import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Admission, type AdmissionLimits, type Refusal, type Ticket } from './admission.ts';

const LIMITS: AdmissionLimits = { maxInFlight: 1, maxQueue: 3, maxQueueWaitMs: 1000, overloadWaitMs: 100, overloadIntervalMs: 100 };

/** A request's fate: admitted (with its ticket) or refused (with the reason), or still waiting. */
function ask(admission: Admission) {
  const fate: { ticket?: Ticket; refused?: Refusal } = {};
  const withdraw = admission.request(
    (ticket) => (fate.ticket = ticket),
    (reason) => (fate.refused = reason),
  );
  return Object.assign(fate, { withdraw });
}

describe('admission of page and API requests', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const admission = (limits: Partial<AdmissionLimits> = {}) => new Admission({ ...LIMITS, ...limits }, () => Date.now());

  it('admits up to the limit at once, queues the next ones and refuses beyond the queue', () => {
    const a = admission();
    const first = ask(a);
    expect(first.ticket).toBeDefined();
    const queued = [ask(a), ask(a), ask(a)];
    expect(queued.every((q) => !q.ticket && !q.refused)).toBe(true);
    expect(ask(a).refused).toBe('queue full');
    expect(a.waiting).toBe(3);
  });

  it('serves a burst first come, first served, with the normal wait', () => {
    const a = admission();
    const first = ask(a);
    const [b, c] = [ask(a), ask(a)];
    vi.advanceTimersByTime(50); // a short burst: the queue has stood for 50 ms only
    first.ticket!.release();
    expect(b.ticket).toBeDefined();
    expect(c.ticket).toBeUndefined();
    // The one left waits up to the normal wait, not the overload one.
    vi.advanceTimersByTime(900);
    expect(c.refused).toBeUndefined();
    vi.advanceTimersByTime(100);
    expect(c.refused).toBe('queue wait');
  });

  it('once the queue has stood for the interval, serves the newest first and lets newcomers wait only briefly', () => {
    const a = admission();
    const first = ask(a);
    const old = ask(a);
    vi.advanceTimersByTime(150); // the queue has not emptied for 150 ms: it stands
    expect(a.overloaded).toBe(true);
    const newest = ask(a);
    first.ticket!.release();
    expect(newest.ticket).toBeDefined(); // the newest goes first
    expect(old.ticket).toBeUndefined();
    const later = ask(a);
    vi.advanceTimersByTime(100);
    expect(later.refused).toBe('queue wait'); // 100 ms, not 1000
    expect(old.refused).toBeUndefined(); // queued under the normal wait
    vi.advanceTimersByTime(750);
    expect(old.refused).toBe('queue wait');
    expect(a.waiting).toBe(0);
    expect(a.overloaded).toBe(false);
  });

  it('a queue that has emptied counts its standing time afresh', () => {
    const a = admission();
    const first = ask(a);
    const b = ask(a);
    vi.advanceTimersByTime(150);
    first.ticket!.release(); // b is admitted, the queue is empty again
    expect(b.ticket).toBeDefined();
    const c = ask(a);
    vi.advanceTimersByTime(50);
    expect(a.overloaded).toBe(false);
    b.ticket!.release();
    expect(c.ticket).toBeDefined();
  });

  it('a client that leaves gives its place up, and a ticket given back twice frees one slot only', () => {
    const a = admission();
    const first = ask(a);
    const leaving = ask(a);
    const staying = ask(a);
    leaving.withdraw();
    expect(a.waiting).toBe(1);
    first.ticket!.release();
    first.ticket!.release();
    expect(staying.ticket).toBeDefined();
    expect(a.active).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(leaving.refused).toBeUndefined();
  });
});
