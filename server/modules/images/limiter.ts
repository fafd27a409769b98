import { ImageProxyError } from './errors.ts';

type Waiter = { start: () => void };

/**
 * At most `concurrency` tasks run at once; up to `maxQueue` more wait in order. This is what keeps memory
 * flat when hundreds of uncached requests arrive together: each waiting request costs a promise, not a
 * decoded image. A waiter whose signal aborts (its visitor left) gives up its place.
 */
export class Limiter {
  readonly #concurrency: number;
  readonly #maxQueue: number;
  readonly #waiting: Waiter[] = [];
  #active = 0;

  constructor(concurrency: number, maxQueue: number) {
    this.#concurrency = Math.max(1, concurrency);
    this.#maxQueue = maxQueue;
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.#active < this.#concurrency) {
      this.#active += 1;
    } else {
      if (this.#waiting.length >= this.#maxQueue) throw new ImageProxyError('busy', 'The image server is busy; try again shortly.');
      // The slot is handed over by the task that finishes, so `#active` already counts this one.
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.#waiting.push(waiter);
      });
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next.start();
      else this.#active -= 1;
    }
  }
}
