import type { Db } from '../db/client.ts';
import { endReservations, expireHolds, type EventFanout } from '../modules/reservations/index.ts';
import type { OutboxLogger } from './outbox.ts';

/** How often holds that ran out are expired and reservations over are ended. */
export const RESERVATION_EXPIRY_EVERY_MS = 60_000;

/**
 * Expires the online reservations' holds that ran out unpaid and ends the paid reservations whose period is over
 * (docs/guides/reservations.md), at start and then every minute; an ended reservation's event goes to the CRM when
 * one is configured (`fanout`). Until it runs the catalogue already shows such a lot free (the snapshot decides a lot's
 * state from the clock: server/modules/catalogue/lot-state.ts), so no page waits for it; a failed run is retried on
 * the next tick.
 */
export function startReservationExpiry(input: { db: Db; log: OutboxLogger; fanout: EventFanout; everyMs?: number; now?: () => Date }) {
  let running: Promise<void> | undefined;
  const now = input.now ?? (() => new Date());
  const run = () => {
    running ??= (async () => {
      const expired = await expireHolds(input.db, now());
      const ended = await endReservations(input.db, now(), input.fanout);
      if (expired || ended) input.log.info({ expired, ended }, 'reservations: holds expired, reservations over ended');
    })()
      .catch((error: unknown) => input.log.warn({ err: error }, 'could not expire holds or end reservations; retrying within the minute'))
      .finally(() => {
        running = undefined;
      });
  };
  run();
  const timer = setInterval(run, input.everyMs ?? RESERVATION_EXPIRY_EVERY_MS);
  timer.unref();
  return {
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
