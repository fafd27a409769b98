type Logger = { error: (obj: object, msg: string) => void };

/**
 * The loop both outboxes (leads, ADR 006; alerts, ADR 021) run around their own `runOnce`: claim and send a batch;
 * when a full batch was due go on at once, else sleep until the next row is due (at most `pollMs`) or until
 * `wake()` (a new row was committed). A failing cycle is logged and retried after the poll interval. `stop()` ends
 * the loop after the cycle in flight, whose sends are each bounded by their transport's timeout.
 */
export function createPollingLoop(options: {
  name: string;
  batch: number;
  pollMs: number;
  log: Logger;
  /** Claims and sends one batch; returns how many rows it claimed. */
  runOnce: () => Promise<number>;
  /** Milliseconds until the next row is due, at most `pollMs`. */
  nextDueInMs: () => Promise<number>;
}) {
  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let woken = false;

  function wake(): void {
    woken = true;
    wakeUp?.();
  }

  async function sleep(ms: number): Promise<void> {
    if (woken) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeUp = null;
  }

  async function run(): Promise<void> {
    while (running) {
      woken = false;
      let wait = options.pollMs;
      try {
        const claimed = await options.runOnce();
        wait = claimed < options.batch ? await options.nextDueInMs() : 0;
      } catch (error) {
        options.log.error({ err: error }, `${options.name} outbox cycle failed`);
      }
      if (running && wait > 0) await sleep(Math.max(wait, 10));
    }
  }

  return {
    wake,
    start(): void {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop(): Promise<void> {
      running = false;
      wake();
      await loop;
      loop = null;
    },
  };
}
