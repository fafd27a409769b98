import { moscowDay } from '#core/catalogue/price-history.ts';
import type { FaultLog } from '../../db/cache.ts';
import type { Db } from '../../db/client.ts';
import { recordRead, untracked } from '../../db/read-tracking.ts';
import type { FinanceData } from '../purchase/index.ts';
import { hasBit } from './bitset.ts';
import { aggregates } from './dto.ts';
import { lotFacts } from './lot-facts.ts';
import { buildLotIndex } from './lot-index.ts';
import { lotPayments, NO_PAYMENTS, type LotPayments } from './payments.ts';
import { readLotAuctions } from '../auctions/index.ts';
import { readLotReservations } from '../reservations/index.ts';
import { withLotAuctions } from './lot-state.ts';
import { loadSnapshot, readCatalogueVersion, type Snapshot } from './snapshot.ts';
import type { CatalogueState } from './state.ts';

export type LoaderOptions = {
  /**
   * The finance programmes (services.finance) and the Moscow day they are read in: every lot's monthly payment
   * is computed from them. Without it (tests of the catalogue alone) no lot has one.
   */
  finance?: { data: () => Promise<FinanceData>; today: () => string };
  log?: { warn: (obj: object, msg: string) => void };
  /** How often `watch()` checks the database for a new catalogue version (another process's import). */
  pollMs?: number;
  /**
   * Where a failed version check is reported: the shared fault log says it once per outage, while the
   * catalogue keeps answering from the snapshot in memory (its last good copy). Without it, each failure warns.
   */
  health?: Pick<FaultLog, 'failed' | 'recovered'>;
  /**
   * Where the lots' columns are kept between loads (snapshot-file.ts: a restart or another process of the same
   * catalogue maps them instead of reading a million rows); none without it.
   */
  snapshotDir?: string;
};

/**
 * The catalogue in memory: its snapshot, lot index (lot-index.ts), payments and history facts, loaded on first use,
 * rebuilt by `refresh()` after lots change (an import in this process calls it; `watch()` notices imports made by
 * other processes) and when the finance programmes or the Moscow day change. The service (service.ts) answers from it.
 */
export function createCatalogueLoader(db: Db, opts: LoaderOptions = {}) {
  let state: CatalogueState | null = null;
  let first: Promise<CatalogueState> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let checking = false;
  let financeDown = false;

  /** The programmes in force, or null when there are none to read (no finance service; the database down with no copy yet). */
  async function financeNow(): Promise<{ data: FinanceData; day: string } | null> {
    if (!opts.finance) return null;
    try {
      const data = await opts.finance.data();
      financeDown = false;
      return { data, day: opts.finance.today() };
    } catch (error) {
      // Said once per fault: the shared cache already answers from its last copy whenever it has one.
      if (!financeDown) opts.log?.warn({ err: error }, 'finance programmes unavailable: lots keep their last monthly payments');
      financeDown = true;
      return null;
    }
  }

  /** The Moscow day the history facts are computed for (the finance service's, so both roll over together). */
  const today = () => opts.finance?.today() ?? moscowDay(Date.now());

  function withPayments(snap: Snapshot, finance: { data: FinanceData; day: string } | null, previous?: LotPayments): CatalogueState {
    // Without programmes to read, the last payments of the same snapshot stand (a database fault is no reason to drop them).
    const payments = finance ? lotPayments(snap, finance.data, finance.day) : previous && previous.monthly.length === snap.lots.size ? previous : NO_PAYMENTS;
    const facts = lotFacts(snap, finance?.day ?? today());
    const index = buildLotIndex(snap, payments.monthly.length ? payments.monthly : undefined, facts.drop);
    return { snap, index, agg: aggregates(snap, (i) => hasBit(index.universe.words, i)), payments, facts };
  }

  async function build(): Promise<CatalogueState> {
    // Shared by every caller: its queries belong to no page render (server/db/read-tracking.ts).
    const [snap, finance] = await untracked(() => Promise.all([loadSnapshot(db, { dir: opts.snapshotDir, log: opts.log }), financeNow()]));
    return withPayments(snap, finance);
  }

  /**
   * What a page made from this state depends on: the lots' version, the day of their history facts, the programmes of
   * their payments and what the lots show of their auctions (their states, best bids and ends).
   */
  const stateVersion = (s: CatalogueState) => `${s.snap.version}@${s.facts.day}@${s.payments.key}@${s.snap.auctions.key}`;

  /** The order rebuilds started in, and the one the state in memory came from. */
  let started = 0;
  let builtBy = 0;
  /**
   * Rebuilds from the database; a slower rebuild never replaces a newer one: of an older version, or of the same
   * version begun earlier (its reads are older: a change written without a new version, as a script or a test makes
   * one, is not undone by a rebuild that read before it).
   */
  async function refresh(): Promise<CatalogueState> {
    const order = ++started;
    const next = await build();
    if (!state || next.snap.version > state.snap.version || (next.snap.version === state.snap.version && order > builtBy)) {
      state = next;
      builtBy = order;
    }
    return state;
  }

  /**
   * The lots' states decided again from the auctions and reservations as they are now (a bid, an auction's start or
   * end, the sales team's result, a hold or reservation running out), on the same snapshot: the auctions and
   * reservations are a few rows, the lots are not read again. A full rebuild
   * that lands meanwhile wins.
   */
  async function refreshAuctions(): Promise<CatalogueState> {
    const s = state;
    if (!s) return refresh();
    const now = new Date();
    const [rows, reservations] = await untracked(() => Promise.all([readLotAuctions(db, now), readLotReservations(db, now)]));
    if (state !== s) return state!;
    const snap = withLotAuctions(s.snap, rows, now.getTime(), reservations);
    // A bid moves no state (only the best bid its card shows): the index, counts and payments stand.
    const moved = snap.lots.status.some((code, i) => code !== s.snap.lots.status[i]);
    state = moved ? withPayments(snap, null, s.payments) : { ...s, snap };
    return state;
  }

  /**
   * The state to answer from. When the programmes changed (an import, a new version) or a new Moscow day began
   * (a programme started or ended), the payments and the index are rebuilt on the same snapshot first: the
   * finance data is a cached read, so this check costs a comparison per call.
   */
  async function current(): Promise<CatalogueState> {
    if (!state) {
      first ??= refresh().finally(() => (first = null));
      await first;
    } else if (Date.now() >= state.snap.auctions.nextChange) {
      // An auction started or ended since its lot's state was decided (the state moved with the clock): decided again,
      // once for all callers; the database down, the state in memory answers until the next call tries again.
      first ??= refreshAuctions().finally(() => (first = null));
      await first.catch((error: unknown) => opts.log?.warn({ err: error }, 'catalogue refresh at an auction start or end failed'));
    }
    const s = state!;
    // A new Moscow day moves every lot's 30-day window (and "booked today"): the facts and the index are rebuilt once.
    if (!opts.finance) {
      if (s.facts.day !== today() && state === s) state = withPayments(s.snap, null, s.payments);
      recordRead('catalogue', stateVersion(state!));
      return state!;
    }
    const finance = await financeNow();
    if (finance && `${finance.data.version}@${finance.day}` !== s.payments.key && state === s) state = withPayments(s.snap, finance);
    else if (s.facts.day !== today() && state === s) state = withPayments(s.snap, null, s.payments);
    recordRead('catalogue', stateVersion(state!));
    return state!;
  }

  return {
    current,
    refresh,
    refreshAuctions,
    stateVersion,
    /**
     * The version pages made from the catalogue in memory record (server/http/page-cache.ts); null before the first load.
     * Once the clock has passed the next moment a lot's state moves (an auction's start or end, a hold or reservation
     * running out: `nextChange`) it is no version any page recorded, so a kept page is made again (which decides the
     * states again) rather than kept until its freshness runs out.
     */
    loadedVersion: (): string | null => (state ? (Date.now() >= state.snap.auctions.nextChange ? `${stateVersion(state)}@moved` : stateVersion(state)) : null),
    /** Polls the catalogue version and rebuilds when another process has changed the lots. */
    watch(): void {
      if (timer) return;
      timer = setInterval(async () => {
        if (checking) return;
        checking = true;
        try {
          const version = await readCatalogueVersion(db);
          opts.health?.recovered('catalogue');
          if (state && version !== state.snap.version) await refresh();
        } catch (error) {
          if (opts.health) opts.health.failed(error, 'catalogue');
          else opts.log?.warn({ err: error }, 'catalogue version check failed');
        } finally {
          checking = false;
        }
      }, opts.pollMs ?? 5000);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type CatalogueLoader = ReturnType<typeof createCatalogueLoader>;
