import { newRenderReads, trackReads } from './read-tracking.ts';

/**
 * Artefacts made once and kept (a lot's PDF sheet, a project's presentation, the portal feeds), valid on the page
 * cache's terms (server/http/page-cache.ts): the making runs inside `trackReads`, so every versioned read it makes
 * (the lot index, the finance programmes, the settings, content blocks, auctions…) names its kind and version, and
 * the artefact is answered again only while each of those kinds is still at the version it saw. A making that read
 * something unversioned, or saw a kind change while it ran, is answered but not kept.
 */
export type KeptArtefacts<T> = {
  /** The artefact under `key`, made by `make` unless a kept one is still valid; null (not kept) when `make` says there is none. */
  get(key: string, make: () => Promise<T | null>): Promise<Made<T> | null>;
  /** How many are kept (tests). */
  size(): number;
};

/** An artefact with the kinds and versions it was made from (`catalogue@…`, `offers@…`): an ETag may be made of them. */
export type Made<T> = { value: T; deps: [string, string][] };

export function createKeptArtefacts<T>(opts: {
  /** The version of a kind this process answers from now (server/services.ts `currentVersion`). */
  versionOf: (kind: string) => string | null;
  /** How many artefacts stay in memory, least recently used out first. */
  max: number;
  /** Told when a made artefact cannot be kept, and why. */
  unkept?: (key: string, why: string) => void;
}): KeptArtefacts<T> {
  const kept = new Map<string, Made<T>>();
  const making = new Map<string, Promise<Made<T> | null>>();
  const valid = (made: Made<T>) => made.deps.every(([kind, version]) => opts.versionOf(kind) === version);

  async function makeTracked(key: string, make: () => Promise<T | null>): Promise<Made<T> | null> {
    const reads = newRenderReads();
    const value = await trackReads(reads, make);
    if (value === null) return null;
    const deps = [...reads.versions].sort(([a], [b]) => a.localeCompare(b));
    const made: Made<T> = { value, deps: deps.filter((dep): dep is [string, string] => dep[1] !== null) };
    const why =
      reads.direct !== null ? `read outside the data versions: ${reads.direct}` : deps.some(([, v]) => v === null) ? 'data changed while making' : null;
    if (why) opts.unkept?.(key, why);
    else {
      kept.delete(key);
      kept.set(key, made);
      if (kept.size > opts.max) kept.delete(kept.keys().next().value!);
    }
    return made;
  }

  return {
    async get(key, make) {
      const found = kept.get(key);
      if (found && valid(found)) {
        // Most recently used last: the oldest goes first.
        kept.delete(key);
        kept.set(key, found);
        return found;
      }
      if (found) kept.delete(key);
      let pending = making.get(key);
      if (!pending) {
        pending = makeTracked(key, make).finally(() => making.delete(key));
        making.set(key, pending);
      }
      const made = await pending;
      // A making that began before a change this request already sees is not this request's answer: make again.
      if (made && !valid(made)) return makeTracked(key, make);
      return made;
    },
    size: () => kept.size,
  };
}
