import { asc, eq, sql } from 'drizzle-orm';
import { recordRead, untracked } from '../../db/read-tracking.ts';
import { featureDefinitionSchema, type FeatureDefinition, type FeaturesPayload } from '#core/flags/features.ts';
import type { Db } from '../../db/client.ts';
import { featureFlags } from '../../db/schema/index.ts';
import type { FaultLog } from '../../db/cache.ts';
import { evaluateFeatures } from './values.ts';
import { featureUsed } from '#core/flags/usage.ts';
import type { FeatureValues } from '#core/flags/keys.ts';

/** One row of `feature_flags`, as `flags:list` and the admin API show it. */
export type FeatureFlagRow = FeatureDefinition & { key: string; description: string; updatedAt: string };

type Snapshot = { payload: FeaturesPayload; json: string; version: string };

type Options = {
  /** How often the table is checked for a change made by another process (`flags:set`, another instance). */
  pollMs?: number;
  health?: Pick<FaultLog, 'failed' | 'recovered'>;
  log?: { warn: (obj: object, msg: string) => void };
};

/** `count:max(updated_at)`: changes with every write and every deletion. */
async function readVersion(db: Db): Promise<string> {
  const [row] = await db.select({ n: sql<number>`count(*)::int`, at: sql<string | null>`max(${featureFlags.updatedAt})::text` }).from(featureFlags);
  return `${row?.n ?? 0}:${row?.at ?? ''}`;
}

const EPOCH = new Date(0).toISOString();

/**
 * Feature flags and experiments (ADR 015). The payload is read from the database once and kept in memory with
 * its JSON text: the API, the stream and the pages' server rendering answer from that copy (no query per
 * request, no HTTP to ourselves). A write through this service refreshes the copy at once; a write by another
 * process (the `flags:set` command against PostgreSQL, another instance) is noticed by `watch()`, which compares
 * the table's version every few seconds. Listeners (the stream's broadcaster) hear of every change.
 * When the database fails, the last good copy keeps answering.
 */
export function createFeatureService(db: Db, opts: Options = {}) {
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let checking = false;
  const listeners = new Set<(payload: FeaturesPayload) => void>();

  async function read(): Promise<Snapshot> {
    const [rows, version] = await Promise.all([db.select().from(featureFlags).orderBy(asc(featureFlags.key)), readVersion(db)]);
    const features: FeaturesPayload['features'] = {};
    let latest = 0;
    for (const row of rows) {
      // A row a hand edit broke is left out (and said), not served half: the SDK would evaluate it wrongly.
      const parsed = featureDefinitionSchema.safeParse({ defaultValue: row.defaultValue, rules: row.rules });
      if (!parsed.success) {
        opts.log?.warn({ key: row.key, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 'feature flag left out: invalid row');
        continue;
      }
      features[row.key] = { defaultValue: parsed.data.defaultValue, rules: parsed.data.rules };
      latest = Math.max(latest, row.updatedAt.getTime());
    }
    const payload: FeaturesPayload = { status: 200, features, dateUpdated: latest ? new Date(latest).toISOString() : EPOCH };
    return { payload, json: JSON.stringify(payload), version };
  }

  async function current(): Promise<Snapshot> {
    const s = await loaded();
    // A page rendered with these flags depends on them (server/http/page-cache.ts).
    recordRead('flags', s.version);
    return s;
  }

  async function loaded(): Promise<Snapshot> {
    if (snapshot) return snapshot;
    loading ??= untracked(read)
      .then((s) => {
        snapshot = s;
        return s;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  /** Reads the table again and tells the listeners when the payload changed. */
  async function refresh(): Promise<FeaturesPayload> {
    const next = await read();
    const changed = snapshot?.json !== next.json;
    snapshot = next;
    if (changed) for (const listener of listeners) listener(next.payload);
    return next.payload;
  }

  async function check(): Promise<void> {
    if (checking) return;
    checking = true;
    try {
      const version = await readVersion(db);
      opts.health?.recovered('feature flags');
      if (!snapshot || version !== snapshot.version) await refresh();
    } catch (error) {
      if (opts.health) opts.health.failed(error, 'feature flags');
      else opts.log?.warn({ err: error }, 'feature flags check failed');
    } finally {
      checking = false;
    }
  }

  return {
    /** The version of the flags in memory (what a page rendered with them recorded); null before the first read. */
    loadedVersion: (): string | null => snapshot?.version ?? null,
    /** The payload in memory, without waiting (the page fast path); null before the first read. */
    loadedPayload: (): FeaturesPayload | null => snapshot?.payload ?? null,
    /** The SDK payload (from memory after the first read). */
    async payload(): Promise<FeaturesPayload> {
      return (await current()).payload;
    },
    /**
     * A page's features, evaluated for the visitor it is rendered for (a route loader's; ADR 027): the page renders
     * with these values, on the server and while hydrating, and the browser's SDK takes over once loaded. Each key is
     * recorded as used by the render, so a page whose value differs per visitor is kept per variation (ADR 023).
     */
    async values(keys: readonly string[], visitorId: string | null): Promise<FeatureValues> {
      const { payload } = await current();
      for (const key of keys) featureUsed(key);
      return evaluateFeatures(payload, visitorId, keys);
    },
    /** The payload's JSON text, made once per change (what `GET /api/features/{clientKey}` sends). */
    async payloadJson(): Promise<string> {
      return (await current()).json;
    },
    /** Every flag with its description, by key. */
    async list(): Promise<FeatureFlagRow[]> {
      const rows = await db.select().from(featureFlags).orderBy(asc(featureFlags.key));
      return rows.map((row) => ({
        key: row.key,
        description: row.description,
        defaultValue: row.defaultValue as FeatureDefinition['defaultValue'],
        rules: row.rules,
        updatedAt: row.updatedAt.toISOString(),
      }));
    },
    /**
     * Creates or replaces a feature (its definition checked), then refreshes the copy in memory and tells the
     * listeners. `description` undefined keeps the one the row has.
     */
    async set(key: string, definition: FeatureDefinition, description?: string): Promise<FeaturesPayload> {
      const def = featureDefinitionSchema.parse(definition);
      // clock_timestamp(), not now(): two writes in one transaction would otherwise share a dateUpdated.
      await db
        .insert(featureFlags)
        .values({ key, defaultValue: def.defaultValue, rules: def.rules, description: description ?? '', updatedAt: sql`clock_timestamp()` })
        .onConflictDoUpdate({
          target: featureFlags.key,
          set: {
            defaultValue: def.defaultValue,
            rules: def.rules,
            updatedAt: sql`clock_timestamp()`,
            ...(description === undefined ? {} : { description }),
          },
        });
      return refresh();
    },
    /** Deletes a feature; false when there was none. */
    async remove(key: string): Promise<boolean> {
      const deleted = await db.delete(featureFlags).where(eq(featureFlags.key, key)).returning({ key: featureFlags.key });
      await refresh();
      return deleted.length > 0;
    },
    refresh,
    /** Listens to payload changes; returns the function that stops listening. */
    subscribe(listener: (payload: FeaturesPayload) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Notices changes made by other processes (every `pollMs`, 5 s by default). */
    watch(pollMs = opts.pollMs ?? 5_000): void {
      if (timer) return;
      timer = setInterval(() => void check(), pollMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
    check,
  };
}
export type FeatureService = ReturnType<typeof createFeatureService>;
