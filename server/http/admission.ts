/**
 * Admission of page and API requests (issue 10): at most `maxInFlight` in progress, up to `maxQueue` waiting.
 *
 * The queue follows "adaptive LIFO with a CoDel-style timeout" (Maurer, "Fail at Scale", ACM Queue 2015; the
 * CoDel idea from Nichols & Jacobson, RFC 8289): a queue that empties now and then is absorbing a burst, and
 * is served first come, first served with the normal wait (`maxQueueWaitMs`). A queue that has not been empty
 * for `overloadIntervalMs` is a standing queue: the server is beyond capacity and waiting only makes every
 * answer late. Then a newcomer may wait only `overloadWaitMs`, and a freed slot goes to the newest waiter:
 * the visitor who just asked is answered quickly, and the one who has waited longest (and would be answered
 * late anyway) gets the 503 sooner. Requests that are answered keep a latency close to a quiet server's.
 */

export type AdmissionLimits = {
  maxInFlight: number;
  maxQueue: number;
  /** Longest wait while the queue is absorbing a burst. */
  maxQueueWaitMs: number;
  /** Longest wait of a request queued while the queue is standing (never above maxQueueWaitMs). */
  overloadWaitMs: number;
  /** How long the queue must stay non-empty to count as standing. */
  overloadIntervalMs: number;
};

/** Why a request was not admitted. */
export type Refusal = 'queue full' | 'queue wait';

export type Ticket = {
  /** Give the slot back (call once, when the answer is done or the client has gone). */
  release(): void;
};

type Waiter = { admit: () => void; timer: ReturnType<typeof setTimeout> };

export class Admission {
  readonly #limits: AdmissionLimits;
  readonly #now: () => number;
  #active = 0;
  readonly #queue: Waiter[] = [];
  /** The last moment the queue was seen empty. */
  #emptyAt: number;

  constructor(limits: AdmissionLimits, now: () => number = () => performance.now()) {
    this.#limits = limits;
    this.#now = now;
    this.#emptyAt = now();
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  /** True while the queue has been standing for longer than the interval. */
  get overloaded(): boolean {
    if (this.#queue.length === 0) {
      this.#emptyAt = this.#now();
      return false;
    }
    return this.#now() - this.#emptyAt > this.#limits.overloadIntervalMs;
  }

  /**
   * Asks for a slot. `admitted` is called (at once or later) with a ticket, or `refused` with the reason.
   * Returns a function that withdraws a waiting request (its client went away); it does nothing once decided.
   */
  request(admitted: (ticket: Ticket) => void, refused: (reason: Refusal) => void): () => void {
    const grant = () => {
      this.#active += 1;
      let released = false;
      admitted({
        release: () => {
          if (released) return;
          released = true;
          this.#active -= 1;
          this.#next();
        },
      });
    };
    if (this.#active < this.#limits.maxInFlight) {
      grant();
      return () => {};
    }
    if (this.#queue.length >= this.#limits.maxQueue) {
      refused('queue full');
      return () => {};
    }
    const wait = this.overloaded ? Math.min(this.#limits.overloadWaitMs, this.#limits.maxQueueWaitMs) : this.#limits.maxQueueWaitMs;
    const waiter: Waiter = {
      admit: grant,
      timer: setTimeout(() => {
        if (this.#remove(waiter)) refused('queue wait');
      }, wait),
    };
    this.#queue.push(waiter);
    return () => {
      if (this.#remove(waiter)) clearTimeout(waiter.timer);
    };
  }

  /** Hands a freed slot to a waiter: the oldest while the queue absorbs a burst, the newest while it stands. */
  #next(): void {
    if (this.#queue.length === 0 || this.#active >= this.#limits.maxInFlight) return;
    const waiter = this.overloaded ? this.#queue.pop() : this.#queue.shift();
    if (this.#queue.length === 0) this.#emptyAt = this.#now();
    if (!waiter) return;
    clearTimeout(waiter.timer);
    waiter.admit();
  }

  #remove(waiter: Waiter): boolean {
    const index = this.#queue.indexOf(waiter);
    if (index === -1) return false;
    this.#queue.splice(index, 1);
    if (this.#queue.length === 0) this.#emptyAt = this.#now();
    return true;
  }
}
