import { and, count, eq, gt, lte, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { publications } from '../../db/schema/index.ts';
import type { DataVersions } from '../../db/versions.ts';

type Logger = { warn: (obj: object, msg: string) => void };

/** The longest wait between two looks at the schedule (an item scheduled meanwhile by SQL is found by then). */
const MAX_WAIT_MS = 60_000;

/**
 * Scheduled publishing (ADR 026) and unpublishing (ADR 042): an item whose `publish_at` comes is hidden by the
 * publication service until then, and one whose `unpublish_at` comes is hidden from then, but nothing writes at either
 * moment, so no trigger moves the `publications` data version and kept pages (ADR 023) would not know. This job
 * sleeps until the next scheduled moment and then moves the version itself (and tells the other instances, as the
 * triggers do), so the item shows and leaves on every page at its time, not within the page cache's freshness. Every
 * instance runs it; two instances moving the version for one moment cost a render.
 */
export function startPublicationSchedule(input: { db: Db; versions: DataVersions; now: () => number; log: Logger; maxWaitMs?: number }) {
  const { db, versions, now, log } = input;
  const maxWait = input.maxWaitMs ?? MAX_WAIT_MS;
  let last = now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  /** Moves the version when an item's moment passed since the last look; returns the next moment ahead, if any. */
  async function look(): Promise<number | null> {
    const at = now();
    const from = new Date(last).toISOString();
    const to = new Date(at).toISOString();
    const live = eq(publications.published, true);
    // Both moments of the schedule: an item shown (`publish_at`) and an item taken off the site (`unpublish_at`).
    const moments = [publications.publishAt, publications.unpublishAt];
    let due = 0;
    for (const moment of moments) {
      const [row] = await db
        .select({ n: count() })
        .from(publications)
        .where(and(live, gt(moment, from), lte(moment, to)));
      due += row?.n ?? 0;
    }
    last = at;
    if (due > 0) {
      await db.execute(sql`UPDATE data_versions SET version = version + 1, updated_at = now() WHERE kind = 'publications'`);
      await db.execute(sql`SELECT pg_notify('data_versions', 'publications')`);
      await versions.check();
    }
    let next: number | null = null;
    for (const moment of moments) {
      const [row] = await db
        .select({ at: min(moment) })
        .from(publications)
        .where(and(live, gt(moment, to)));
      if (row?.at) next = Math.min(next ?? Infinity, Date.parse(row.at));
    }
    return next;
  }

  function plan(next: number | null) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const wait = next === null ? maxWait : Math.max(0, Math.min(maxWait, next - now()));
    timer = setTimeout(() => void tick(), wait);
    timer.unref();
  }

  function tick(): Promise<void> {
    running ??= look()
      .then(plan, (error: unknown) => {
        log.warn({ err: error }, 'publication schedule check failed; trying again');
        plan(null);
      })
      .finally(() => (running = null));
    return running;
  }

  // A publication saved (here or elsewhere) may bring a nearer moment: look again.
  const unsubscribe = versions.onChange((kinds) => {
    if (kinds.includes('publications')) void tick();
  });
  void tick();
  return {
    /** Looks now (tests move their clock and call this instead of waiting). */
    tick,
    stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}
