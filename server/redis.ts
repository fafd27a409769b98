import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';

type Logger = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

/**
 * What instances share through Redis (REDIS_URL, ADR 024): rate-limit counters, spent proof-of-work solutions and
 * held stream places, every key under the site's namespace. A Redis that is away must not take the site down:
 * commands fail at once, callers fall back to this process's memory, and the outage is logged once.
 */
export type SharedRedis = {
  client: Redis;
  /** Prefix of every key this site writes (`REDIS_PREFIX`). */
  namespace: string;
  /** Called by users of the client when a command failed: logs the first failure of an outage. */
  failed(error: unknown): void;
  close(): Promise<void>;
};

/** A command that has no answer within this long fails (the request goes on without Redis). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

export function connectRedis(url: string, namespace: string, log: Logger): SharedRedis {
  let down = false;
  const failed = (error: unknown) => {
    if (down) return;
    down = true;
    const err = error instanceof Error ? error : new Error(String(error));
    // The URL may carry a password: only the error's own text (ioredis names host and port, never the password).
    log.warn(
      { err: { message: err.message, code: (err as { code?: unknown }).code } },
      'redis unavailable: rate limits and proof-of-work replays are counted per instance until it is back',
    );
  };
  const client = new Redis(url, {
    // A request never waits for Redis: without a connection a command fails at once (and is skipped).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Reconnects with backoff, 100 ms up to 5 s, for as long as the process lives.
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 6), 5_000),
    lazyConnect: false,
  });
  client.on('error', failed);
  client.on('ready', () => {
    if (down) log.info?.({}, 'redis available again: rate limits and proof-of-work replays are shared');
    down = false;
  });
  return {
    client,
    namespace,
    failed,
    async close() {
      client.removeAllListeners('error');
      client.on('error', () => {});
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}

/** Remembers keys until they expire; `claim` is true for the first claim of a key. */
export type OnceStore = { claim(key: string, ttlMs: number): Promise<boolean> };

/** This process's memory: what one instance without Redis does (and the fallback while Redis is away). */
export function memoryOnceStore(now: () => number = Date.now): OnceStore {
  const used = new Map<string, number>();
  return {
    async claim(key, ttlMs) {
      const at = now();
      for (const [k, expires] of used) if (expires < at) used.delete(k);
      if (used.has(key)) return false;
      used.set(key, at + ttlMs);
      return true;
    },
  };
}

/** `SET key 1 NX PX ttl` in the site's namespace: one claim wins across every instance; memory while Redis is away. */
export function redisOnceStore(redis: SharedRedis, prefix: string, fallback: OnceStore = memoryOnceStore()): OnceStore {
  return {
    async claim(key, ttlMs) {
      // Remembered here too: a solution spent while Redis was away is not accepted twice by this instance after.
      const local = await fallback.claim(key, ttlMs);
      try {
        const answer = await redis.client.set(`${redis.namespace}${prefix}${key}`, '1', 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
        return answer === 'OK' && local;
      } catch (error) {
        redis.failed(error);
        return local;
      }
    },
  };
}

/** Places held at once per key (open streams per client): `acquire` gives the release, or null when `max` are held. */
export type HeldPlaces = { acquire(key: string, max: number, ttlMs: number): Promise<(() => void) | null> };

/** This process's places: one instance without Redis (and the fallback while Redis is away). */
export function memoryHeldPlaces(): HeldPlaces {
  const held = new Map<string, number>();
  return {
    async acquire(key, max) {
      const n = held.get(key) ?? 0;
      if (n >= max) return null;
      held.set(key, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      };
    },
  };
}

/** Takes a place when fewer than ARGV[1] are held; the count lives ARGV[2] ms past its last taking (a crashed holder's places end). */
const ACQUIRE = `
local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if n > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  return 0
end
return 1`;
const RELEASE = `
local n = redis.call('DECR', KEYS[1])
if n <= 0 then redis.call('DEL', KEYS[1]) end
return n`;

/**
 * Places counted in Redis across every instance (the flag streams a client holds open). The key is a hash of the
 * client's, not the address itself. While Redis is away, this process's own count decides.
 */
export function redisHeldPlaces(redis: SharedRedis, prefix: string, fallback: HeldPlaces = memoryHeldPlaces()): HeldPlaces {
  const keyOf = (key: string) => `${redis.namespace}${prefix}${createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;
  return {
    async acquire(key, max, ttlMs) {
      const name = keyOf(key);
      let taken: unknown;
      try {
        taken = await redis.client.eval(ACQUIRE, 1, name, max, Math.max(1, Math.ceil(ttlMs)));
      } catch (error) {
        redis.failed(error);
        return fallback.acquire(key, max, ttlMs);
      }
      if (taken !== 1) return null;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        redis.client.eval(RELEASE, 1, name).catch((error: unknown) => redis.failed(error));
      };
    },
  };
}

type StoreResult = { current: number; ttl: number };
type StoreCallback = (error: Error | null, result?: StoreResult) => void;
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
/** The plugin's own stores: `incr` and `read` with one contract, `child` per route. */
type PluginStore = FastifyRateLimitStore & { read(key: string, callback: StoreCallback, timeWindow: number, max: number): void };
type PluginStoreConstructor = new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, ...rest: unknown[]) => PluginStore;

// The plugin's own Redis and memory stores (its files, not re-exported; the plugin's version is pinned exactly).
const pluginFile = createRequire(import.meta.url);
const PluginRedisStore = pluginFile('@fastify/rate-limit/store/RedisStore.js') as PluginStoreConstructor;
const PluginLocalStore = pluginFile('@fastify/rate-limit/store/LocalStore.js') as PluginStoreConstructor;

/** Asks the shared store; on its failure, the local one (and says the fault once per outage). */
class SharedOrLocal implements PluginStore {
  private readonly redis: SharedRedis;
  private readonly shared: PluginStore;
  private readonly local: PluginStore;
  constructor(redis: SharedRedis, shared: PluginStore, local: PluginStore) {
    this.redis = redis;
    this.shared = shared;
    this.local = local;
  }
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.either('incr', key, callback, timeWindow, max);
  }
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.either('read', key, callback, timeWindow, max);
  }
  child(routeOptions: ChildOptions): SharedOrLocal {
    return new SharedOrLocal(this.redis, this.shared.child(routeOptions) as PluginStore, this.local.child(routeOptions) as PluginStore);
  }
  private either(method: 'incr' | 'read', key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.shared[method](
      key,
      (error, result) => {
        if (!error && result) return callback(null, result);
        this.redis.failed(error ?? new Error('no answer from Redis'));
        this.local[method](key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }
}

/**
 * The rate limits' store with REDIS_URL (ADR 024): the plugin's Redis store, or this instance's memory store while
 * Redis is away — not the plugin's `skipOnError`, which lets every request through and prints NaN in its headers.
 */
export function rateLimitStore(redis: SharedRedis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends SharedOrLocal {
    constructor(options: FastifyRateLimitOptions) {
      const { continueExceeding, exponentialBackoff, cache } = options as { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
      super(
        redis,
        new PluginRedisStore(continueExceeding, exponentialBackoff, redis.client, nameSpace),
        new PluginLocalStore(continueExceeding, exponentialBackoff, cache),
      );
    }
  };
}
