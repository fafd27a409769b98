import { availableParallelism } from 'node:os';
import type { CacheLog } from './cache.ts';
import type { RenderCounter } from './render-limit.ts';

export type TransformEvent = {
  key: string;
  source: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  ms: number;
};

export type ImageProxyOptions = {
  /** Local media originals; sources are paths inside it and can never leave it. */
  mediaDir: string;
  /** Processed variants, one file per normalised request. */
  cacheDir: string;
  /** Hex key and salt: with both, every URL must carry a valid signature. */
  key?: string;
  salt?: string;
  /** Remote hosts (`host` or `host:port`) the proxy may fetch from; empty means local media only. */
  allowedHosts: string[];
  /** Largest width or height a URL may ask for, and the largest output side. */
  maxDimension?: number;
  /** Largest source, in pixels, the proxy agrees to decode (decompression-bomb guard). */
  maxSourcePixels?: number;
  /** Called after each image actually produced (a cache miss); metrics and tests hook in here. */
  onTransform?: (event: TransformEvent) => void;
  /** Budget of the disk cache; the least recently used variants are deleted past it (`IMAGE_CACHE_MAX_MB`). */
  cacheMaxBytes?: number;
  /** Renders of uncached variants one client may cause per minute; past it, 429 with Retry-After (`IMAGE_RENDERS_PER_MINUTE`). */
  rendersPerMinute?: number;
  /** Where those renders are counted: the site's rate-limit store (Redis across instances); this process's memory by default. */
  renderCounter?: RenderCounter;
  /** Where the proxy reports a cache folder it cannot use (once per episode); the plugin passes its logger. */
  log?: CacheLog;
};

/** Limits not exposed as options, and the defaults of those that are. */
export type ImageProxyLimits = {
  maxDimension: number;
  maxSourcePixels: number;
  maxSourceBytes: number;
  remoteTimeoutMs: number;
  processTimeoutS: number;
  concurrency: number;
  maxQueue: number;
  memoryCacheBytes: number;
  cacheMaxBytes: number;
  rendersPerMinute: number;
};

export type ResolvedImageProxyOptions = ImageProxyOptions & ImageProxyLimits;

export const IMAGE_PROXY_DEFAULTS: ImageProxyLimits = {
  maxDimension: 4096,
  maxSourcePixels: 50_000_000,
  maxSourceBytes: 40 * 1024 * 1024,
  remoteTimeoutMs: 10_000,
  processTimeoutS: 30,
  // One libvips pipeline per core keeps the CPUs busy; more only adds memory and latency.
  concurrency: availableParallelism(),
  // Waiting requests cost a promise each; past this the server is overloaded and says so (503).
  maxQueue: 1000,
  // The hot set of variants served without touching the disk.
  memoryCacheBytes: 64 * 1024 * 1024,
  cacheMaxBytes: 1024 * 1024 * 1024,
  // A cold page (a filter page of lots, each with a placeholder and an image) makes ~50–100 variants at once;
  // a client making new ones without end is forcing work, not browsing. The config's default (config.ts).
  rendersPerMinute: 300,
};
