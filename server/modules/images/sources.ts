import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, posix, relative, resolve, sep } from 'node:path';
import { ImageProxyError } from './errors.ts';

/** A source sharp can read: a local file by path (libvips streams it), or fetched bytes. */
export type LoadedSource = { kind: 'file'; path: string } | { kind: 'buffer'; data: Buffer };

export type SourceLimits = { allowedHosts: readonly string[]; maxSourceBytes: number; remoteTimeoutMs: number };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Turns the source of a URL into something to decode. Local media is the default; `local:///path` is
 * imgproxy's spelling of the same. Remote http(s) sources are fetched only from allow-listed hosts,
 * which is also how object storage plugs in (its bucket host on the list).
 */
export class MediaSources {
  readonly #mediaRoot: string;
  readonly #limits: SourceLimits;

  /** `mediaRoot` must be a real path (no symlinks), so that containment checks compare like with like. */
  constructor(mediaRoot: string, limits: SourceLimits) {
    this.#mediaRoot = mediaRoot;
    this.#limits = limits;
  }

  static async open(mediaDir: string, limits: SourceLimits): Promise<MediaSources> {
    // Symlinks in the media path itself are the operator's choice, not the visitor's: resolve them once.
    return new MediaSources(await realpath(resolve(mediaDir)), limits);
  }

  /** The form of a source used in cache keys, so `local:///a.jpg`, `/a.jpg` and `a.jpg` share one entry. */
  static cacheKeyOf(source: string): string {
    const scheme = SCHEME.exec(source)?.[1]?.toLowerCase();
    if (scheme === 'local') return source.slice('local://'.length).replace(/^\/+/, '');
    return scheme ? source : source.replace(/^\/+/, '');
  }

  /**
   * Whether a source is a media library upload (a file under `uploads/`, ADR 041), as the file it loads is named:
   * normalised first, so `./uploads/a.jpg`, `a/../uploads/a.jpg` or `uploads//a.jpg` are uploads too (found in review:
   * the raw key's prefix let them skip the proxy's check that the upload still exists).
   */
  static isUpload(source: string): boolean {
    const scheme = SCHEME.exec(source)?.[1]?.toLowerCase();
    if (scheme && scheme !== 'local') return false;
    return posix.normalize(MediaSources.cacheKeyOf(source)).startsWith('uploads/');
  }

  async load(source: string): Promise<LoadedSource> {
    const scheme = SCHEME.exec(source)?.[1]?.toLowerCase();
    if (scheme === 'http' || scheme === 'https') return { kind: 'buffer', data: await this.#fetchRemote(source) };
    if (scheme && scheme !== 'local') {
      throw new ImageProxyError('unsupported_source_scheme', `Image sources are media paths or http(s) URLs, not "${scheme}:".`);
    }
    return { kind: 'file', path: await this.#localPath(MediaSources.cacheKeyOf(source)) };
  }

  async #localPath(relativePath: string): Promise<string> {
    const root = this.#mediaRoot;
    const inside = (path: string) => {
      const rel = relative(root, path);
      return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
    };
    if (relativePath.includes('\0') || !inside(resolve(root, relativePath))) {
      throw new ImageProxyError('source_outside_media', `The image source "${relativePath}" points outside the media directory.`);
    }
    const notFound = () => new ImageProxyError('source_not_found', `No image at "${relativePath}".`);
    let real: string;
    try {
      real = await realpath(resolve(root, relativePath));
    } catch {
      throw notFound();
    }
    // A symlink inside the media directory must not lead out of it either.
    if (!inside(real) || !(await stat(real)).isFile()) throw notFound();
    return real;
  }

  async #fetchRemote(source: string): Promise<Buffer> {
    const url = new URL(source);
    const allowed = this.#limits.allowedHosts;
    if (!allowed.includes(url.host.toLowerCase()) && !allowed.includes(url.hostname.toLowerCase())) {
      throw new ImageProxyError('host_not_allowed', `Images from "${url.host}" are not allowed; add the host to IMAGE_ALLOWED_HOSTS.`);
    }
    // One deadline for headers and body. The body read also races it: an aborted fetch does not
    // reliably fail a read already waiting on a stalled connection (seen in tests), and a hung
    // download would hold a worker slot for good.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error('timed out')), this.#limits.remoteTimeoutMs);
    try {
      let response: Response;
      try {
        // No redirects: an allowed host must not be able to bounce the proxy to one that is not.
        response = await fetch(url, { redirect: 'error', signal: deadline.signal });
      } catch (error) {
        throw new ImageProxyError('source_fetch_failed', `Could not fetch the image from "${url.host}".`, { cause: error });
      }
      if (response.status === 404 || response.status === 410) throw new ImageProxyError('source_not_found', `No image at ${url.href}.`);
      if (!response.ok || !response.body) {
        throw new ImageProxyError('source_fetch_failed', `Fetching the image from "${url.host}" failed with HTTP ${response.status}.`);
      }
      try {
        return await readCapped(response.body, this.#limits.maxSourceBytes, url.host, deadline.signal);
      } catch (error) {
        if (error instanceof ImageProxyError) throw error;
        throw new ImageProxyError('source_fetch_failed', `The image download from "${url.host}" broke off.`, { cause: error });
      }
    } finally {
      clearTimeout(timer);
    }
  }
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number, host: string, signal: AbortSignal): Promise<Buffer> {
  const reader = body.getReader();
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) return Buffer.concat(chunks);
      total += value.byteLength;
      if (total > maxBytes) {
        throw new ImageProxyError('source_too_large', `The image from "${host}" is larger than ${Math.round(maxBytes / 1048576)} MB.`);
      }
      chunks.push(value);
    }
  } catch (error) {
    // Stop the download (not awaited: on a stalled connection even cancelling may wait).
    reader.cancel().catch(() => undefined);
    throw error;
  }
}
