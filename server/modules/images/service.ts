import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import { serializeOptionSegments } from '#core/image/options.ts';
import { parseImagePath, splitImagePath, type ImageSigner } from '#core/image/url.ts';
import type { ImageOptions, OutputFormat } from '#core/image/types.ts';
import { DiskCache, MemoryCache } from './cache.ts';
import { outputOptions } from './cache-key.ts';
import { ImageProxyError } from './errors.ts';
import { Limiter } from './limiter.ts';
import { chooseFormat, type WantedFormat } from './negotiate.ts';
import { IMAGE_PROXY_DEFAULTS, type ImageProxyOptions, type ResolvedImageProxyOptions } from './options.ts';
import { memoryRenderCounter, type RenderCounter } from './render-limit.ts';
import { createImageSigner, isValidSignature } from './signature.ts';
import { MediaSources } from './sources.ts';
import { CONTENT_TYPES, transformImage } from './transform.ts';

/** Bump when processing (or the cache key) changes what a given key produces, so old cached variants are not served. */
const PIPELINE_VERSION = 'v2';
/** The per-client limit on renders counts per minute. */
const RENDER_WINDOW_MS = 60_000;

/** `negotiated`: the URL named no format, so the answer followed `Accept` (and says `Vary: Accept`). */
export type ImageResponse =
  | { status: 200; data: Buffer; contentType: string; etag: string; cache: 'hit' | 'miss'; negotiated: boolean }
  | { status: 304; etag: string; negotiated: boolean };

/** The proxy without HTTP: URL path in, image bytes (or 304) out. The Fastify plugin is a thin shell around it. */
export class ImageService {
  readonly #options: ResolvedImageProxyOptions;
  readonly #signer: ImageSigner | undefined;
  readonly #sources: MediaSources;
  readonly #disk: DiskCache;
  readonly #memory: MemoryCache;
  readonly #limiter: Limiter;
  /** Single flight: concurrent requests for one uncached variant share one piece of work. */
  readonly #inFlight = new Map<string, Flight>();
  /** Per client, the renders of uncached variants in this minute (in Redis across instances when the site gives it). */
  readonly #renders: RenderCounter;

  private constructor(options: ResolvedImageProxyOptions, sources: MediaSources) {
    this.#options = options;
    this.#signer = options.key && options.salt ? createImageSigner({ key: options.key, salt: options.salt }) : undefined;
    this.#sources = sources;
    this.#disk = new DiskCache(options.cacheDir, { maxBytes: options.cacheMaxBytes, ...(options.log ? { log: options.log } : {}) });
    this.#memory = new MemoryCache(options.memoryCacheBytes);
    this.#limiter = new Limiter(options.concurrency, options.maxQueue);
    this.#renders = options.renderCounter ?? memoryRenderCounter();
  }

  static async create(options: ImageProxyOptions): Promise<ImageService> {
    if (Boolean(options.key) !== Boolean(options.salt)) throw new Error('The image proxy needs both a key and a salt, or neither.');
    const merged: ResolvedImageProxyOptions = { ...IMAGE_PROXY_DEFAULTS, ...withoutUndefined(options) };
    // libvips' operation cache keeps decoded intermediates for reuse; this proxy keeps results instead, so
    // that cache would only hold memory (measured: ~100 MB less RSS under load without it). Process-wide.
    sharp.cache(false);
    await mkdir(merged.mediaDir, { recursive: true });
    const service = new ImageService(merged, await MediaSources.open(merged.mediaDir, merged));
    // An unusable cache folder is logged and worked around, never a reason not to start.
    await service.#disk.open();
    return service;
  }

  /** The disk cache's size now (bytes and files), for tests and metrics. */
  get diskCache(): { bytes: number; files: number } {
    return { bytes: this.#disk.bytes, files: this.#disk.size };
  }

  /**
   * `path` is what follows the mount point: `/{signature}/{options}/…`. `signal` aborts when the visitor
   * leaves, so work still waiting for a slot is dropped instead of done for nobody.
   */
  async handle(
    path: string,
    request: { ifNoneMatch?: string | undefined; accept?: string | undefined; signal?: AbortSignal; client?: string } = {},
  ): Promise<ImageResponse> {
    // imgproxy's order: the signature before anything else is read, so no option can change a 403 into a 400.
    const { signature, signedPath } = splitImagePath(path);
    if (this.#signer && !isValidSignature(this.#signer, signature, signedPath)) {
      throw new ImageProxyError('bad_signature', 'The image URL signature is missing or wrong.');
    }
    const { options, source } = parseImagePath(path);
    const max = this.#options.maxDimension;
    for (const [name, value] of [
      ['width', options.width],
      ['height', options.height],
    ] as const) {
      if (value && value > max) throw new ImageProxyError('size_too_large', `The requested ${name} ${value} px is above the ${max} px limit.`);
    }

    // The format is part of the variant: the URL's, or the one `Accept` negotiates (avif, webp, or the jpeg/png
    // fallback, which the source decides and which is therefore the same for every request of this key).
    const { format, negotiated } = chooseFormat(options.format, request.accept);
    const { format: _asked, ...rest } = options;
    const keyed = outputOptions(format === 'fallback' ? rest : { ...rest, format });
    const key = createHash('sha256')
      .update([PIPELINE_VERSION, max, serializeOptionSegments(keyed).join('/'), format, MediaSources.cacheKeyOf(source)].join('\n'))
      .digest('hex');
    const etag = `"${key.slice(0, 32)}"`;
    // A media library upload whose file was removed (its picture replaced or deleted, ADR 041) is not served from the
    // cache either: its variants are keyed by a digest, so they cannot be purged by path. One stat, uploads only
    // (however the path is spelt: `isUpload` normalises it as the file system will).
    if (MediaSources.isUpload(source)) await this.#sources.load(source);
    if (request.ifNoneMatch && matchesEtag(request.ifNoneMatch, etag)) return { status: 304, etag, negotiated };

    const hot = this.#memory.get(key);
    if (hot) return { status: 200, data: hot, contentType: contentTypeOf(hot), etag, cache: 'hit', negotiated };
    const stored = await this.#disk.get(key);
    if (stored) {
      this.#memory.set(key, stored);
      return { status: 200, data: stored, contentType: contentTypeOf(stored), etag, cache: 'hit', negotiated };
    }
    // Only new work is limited: joining a variant already being made, or any cached one, costs nothing.
    if (!this.#inFlight.has(key) && request.client !== undefined) await this.#countRender(request.client);
    const data = await this.#join(key, source, options, format, request.signal);
    return { status: 200, data, contentType: contentTypeOf(data), etag, cache: 'miss', negotiated };
  }

  /** Counts one render for the client in this minute, or refuses past `rendersPerMinute` (429 until the minute ends). */
  async #countRender(client: string): Promise<void> {
    const max = this.#options.rendersPerMinute;
    let count;
    try {
      count = await this.#renders.incr(client, RENDER_WINDOW_MS, max);
    } catch {
      // A counter that cannot answer (the site's store falls back to memory itself) never costs a visitor a picture.
      return;
    }
    if (count.current > max) {
      throw new ImageProxyError('too_many_variants', 'Too many new image variants asked for; try again shortly.', {
        retryAfterS: Math.max(1, Math.ceil(count.ttlMs / 1000)),
      });
    }
  }

  /** Joins the flight producing `key`, starting it if there is none; the flight is dropped when all its requesters left. */
  #join(key: string, source: string, options: ImageOptions, format: WantedFormat, signal: AbortSignal | undefined): Promise<Buffer> {
    let flight = this.#inFlight.get(key);
    if (!flight) {
      const controller = new AbortController();
      const promise = this.#produce(key, source, options, format, controller.signal).finally(() => this.#inFlight.delete(key));
      // Every requester may have left by the time it settles: nobody else would handle the rejection.
      promise.catch(() => undefined);
      flight = { promise, controller, requesters: 0 };
      this.#inFlight.set(key, flight);
    }
    const joined = flight;
    joined.requesters += 1;
    if (!signal) return joined.promise;
    return new Promise<Buffer>((resolve, reject) => {
      const leave = () => {
        joined.requesters -= 1;
        if (joined.requesters === 0) joined.controller.abort(signal.reason);
        reject(new ImageProxyError('client_closed', 'The client closed the connection.'));
      };
      if (signal.aborted) return leave();
      signal.addEventListener('abort', leave, { once: true });
      joined.promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave));
    });
  }

  #produce(key: string, source: string, options: ImageOptions, format: WantedFormat, signal: AbortSignal): Promise<Buffer> {
    return this.#limiter.run(async () => {
      // Another flight may have finished between our cache miss and getting a slot.
      const stored = await this.#disk.get(key);
      if (stored) return stored;
      const started = performance.now();
      const loaded = await this.#sources.load(source);
      const { maxDimension, maxSourcePixels, processTimeoutS } = this.#options;
      const result = await transformImage(loaded, options, format, { maxDimension, maxSourcePixels, timeoutS: processTimeoutS });
      // A disk that refuses the file (logged once by the cache) costs the next visitor a resize, not this one an error.
      await this.#disk.set(key, result.data);
      this.#memory.set(key, result.data);
      this.#options.onTransform?.({
        key,
        source,
        format: result.format,
        width: result.width,
        height: result.height,
        bytes: result.data.byteLength,
        ms: performance.now() - started,
      });
      return result.data;
    }, signal);
  }
}

type Flight = { promise: Promise<Buffer>; controller: AbortController; requesters: number };

function matchesEtag(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Cached files carry no metadata, so the type is read from the bytes' signature. */
function contentTypeOf(data: Buffer): string {
  let format: OutputFormat = 'jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') format = 'webp';
  // ISO-BMFF: a `ftyp` box first, whose major brand is `avif` (a still) or `avis` (a sequence).
  else if (data.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]$/.test(data.subarray(8, 12).toString('latin1'))) format = 'avif';
  else if (data[0] === 0x89 && data.subarray(1, 4).toString('latin1') === 'PNG') format = 'png';
  return CONTENT_TYPES[format];
}

function withoutUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}
