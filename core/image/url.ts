import { extensionOf, formatFromExtension, parseOptionSegments, serializeOptionSegments } from './options.ts';
import { ImageUrlError, type ImageOptions } from './types.ts';

/**
 * Signs the part of a proxy path after the signature segment (leading `/` included).
 * Only the server holds the key (`createImageSigner` in server/modules/images); the browser never signs.
 */
export type ImageSigner = (path: string) => string;

/** What an unsigned URL carries in the signature slot; any value is accepted when no key is configured. */
export const UNSIGNED_SIGNATURE = '_';

export const DEFAULT_IMAGE_BASE_URL = '/img';

export type SourceEncoding = 'plain' | 'base64';

export type BuildImageUrlOptions = {
  /** Where the proxy is mounted; `/img` by default. */
  baseUrl?: string;
  sign?: ImageSigner;
  /** `plain` is readable and the default; `base64` suits sources with many reserved characters. */
  encoding?: SourceEncoding;
};

/** The one way to make a proxy URL: `/img/{signature}/{options}/plain/{source}@{format}`. */
export function buildImageUrl(source: string, options: ImageOptions, build: BuildImageUrlOptions = {}): string {
  const path = buildImagePath(source, options, build.encoding ?? 'plain');
  return `${build.baseUrl ?? DEFAULT_IMAGE_BASE_URL}/${build.sign ? build.sign(path) : UNSIGNED_SIGNATURE}${path}`;
}

/** The signed part of a URL: `/{options}/plain/{source}@{ext}` or `/{options}/{base64}.{ext}`. */
export function buildImagePath(source: string, options: ImageOptions, encoding: SourceEncoding = 'plain'): string {
  if (!source) throw new ImageUrlError('invalid_url', 'An image source is required.');
  const segments = serializeOptionSegments(options);
  const ext = options.format ? extensionOf(options.format) : '';
  const tail = encoding === 'plain' ? `plain/${encodePlainSource(source)}${ext && `@${ext}`}` : `${encodeBase64Url(source)}${ext && `.${ext}`}`;
  return `/${[...segments, tail].join('/')}`;
}

export type ParsedImagePath = {
  signature: string;
  /** Everything after the signature segment: what the signature covers. */
  signedPath: string;
  options: ImageOptions;
  source: string;
  encoding: SourceEncoding;
};

/**
 * The signature segment and what it covers, without reading the options: a proxy with a key checks the
 * signature first (imgproxy's order), so a forged URL is refused the same way whatever options it carries.
 */
export function splitImagePath(path: string): { signature: string; signedPath: string } {
  const slash = path.indexOf('/', 1);
  if (!path.startsWith('/') || slash < 0) return { signature: path.slice(1), signedPath: '' };
  return { signature: path.slice(1, slash), signedPath: path.slice(slash) };
}

/** Parses `/{signature}/{options…}/plain/{source}@{ext}` or `/{signature}/{options…}/{base64…}.{ext}`. */
export function parseImagePath(path: string): ParsedImagePath {
  if (!path.startsWith('/')) throw new ImageUrlError('invalid_url', 'An image path starts with "/".');
  const { signature, signedPath } = splitImagePath(path);
  if (!signature || !signedPath) throw new ImageUrlError('invalid_url', 'The image URL needs a signature segment, then options and a source.');

  const segments = signedPath.slice(1).split('/');
  // Options always have a colon; the first segment without one starts the source.
  let i = 0;
  while (i < segments.length && segments[i] !== 'plain' && segments[i]?.includes(':')) i += 1;
  const optionSegments = segments.slice(0, i);
  if (optionSegments.some((s) => s.startsWith(':'))) throw new ImageUrlError('invalid_url', 'An image option has no name.');

  const options = parseOptionSegments(optionSegments);
  let source: string;
  let extension: string | undefined;
  let encoding: SourceEncoding;
  if (segments[i] === 'plain') {
    encoding = 'plain';
    const plain = segments.slice(i + 1).join('/');
    const at = plain.lastIndexOf('@');
    source = decodePlainSource(at < 0 ? plain : plain.slice(0, at));
    extension = at < 0 ? undefined : plain.slice(at + 1);
  } else {
    encoding = 'base64';
    const encoded = segments.slice(i).join('');
    const dot = encoded.lastIndexOf('.');
    source = decodeBase64Url(dot < 0 ? encoded : encoded.slice(0, dot));
    extension = dot < 0 ? undefined : encoded.slice(dot + 1);
  }
  if (!source) throw new ImageUrlError('invalid_url', 'The image URL has no source.');
  // The extension wins over `f:`, like imgproxy; an empty one (`…@`) means "keep the source format".
  if (extension) options.format = formatFromExtension(extension);
  return { signature, signedPath, options, source, encoding };
}

/** Percent-encodes what a plain source may not carry raw: `%`, `?`, `#`, `@`, spaces and non-ASCII. */
export function encodePlainSource(source: string): string {
  return encodeURI(source).replace(/[?#@]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decodePlainSource(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new ImageUrlError('invalid_url', 'The image source is not valid percent-encoding.');
  }
}

/** URL-safe, unpadded base64 of the UTF-8 bytes; btoa exists in browsers and Node alike. */
export function encodeBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeBase64Url(encoded: string): string {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(encoded)) throw new ImageUrlError('invalid_url', 'The image source is not valid URL-safe base64.');
  try {
    const binary = atob(encoded.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    throw new ImageUrlError('invalid_url', 'The image source is not valid URL-safe base64 of UTF-8 text.');
  }
}
