import type { Db } from '../db/client.ts';
import { settleEndedAuctions } from '../modules/catalogue/index.ts';
import type { OutboxLogger } from './outbox.ts';

/** How often ended auctions are settled (their result written and their lots marked sold). */
export const SETTLE_EVERY_MS = 60_000;

/**
 * Settles ended auctions (ADR 020) at start and then every minute: an auction over with a bid gets its result and its
 * lot is marked sold in the same transaction (catalogue `settleEndedAuctions`). Until it runs the catalogue already
 * reads such a lot as sold (server/modules/catalogue/lot-state.ts), so no page waits for it; a failed run is retried
 * on the next tick.
 */
export function startAuctionSettling(input: { db: Db; log: OutboxLogger; everyMs?: number }) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= settleEndedAuctions(input.db)
      .then((sold) => {
        if (sold) input.log.info({ sold }, 'auctions ended: their lots are sold');
      })
      .catch((error: unknown) => input.log.warn({ err: error }, 'could not settle ended auctions; retrying within the minute'))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, input.everyMs ?? SETTLE_EVERY_MS);
  timer.unref();
  return {
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
