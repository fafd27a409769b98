import {
  DEFAULT_QUALITY,
  GRAVITY_TYPES,
  ImageUrlError,
  MAX_BLUR,
  MAX_DPR,
  RESIZING_TYPES,
  type Gravity,
  type GravityType,
  type ImageOptions,
  type OutputFormat,
  type ResizingType,
} from './types.ts';

/** URL extensions (and `f:` values) the proxy can write. */
const FORMAT_BY_EXTENSION: Record<string, OutputFormat> = { avif: 'avif', webp: 'webp', png: 'png', jpg: 'jpeg', jpeg: 'jpeg' };

export function formatFromExtension(extension: string): OutputFormat {
  const format = FORMAT_BY_EXTENSION[extension.toLowerCase()];
  if (!format) throw new ImageUrlError('unknown_format', `Unsupported output format "${extension}": use avif, webp, png or jpg.`);
  return format;
}

export function extensionOf(format: OutputFormat): string {
  return format === 'jpeg' ? 'jpg' : format;
}

type OptionParser = (args: string[], into: ImageOptions, segment: string) => void;

/** Short imgproxy names first; the long ones are accepted so URLs made by imgproxy tooling work too. */
const PARSERS: Record<string, OptionParser> = {
  w: (args, o, s) => (o.width = dimension(one(args, s), s)),
  h: (args, o, s) => (o.height = dimension(one(args, s), s)),
  rt: (args, o, s) => (o.fit = resizingType(one(args, s), s)),
  el: (args, o, s) => (o.enlarge = flag(one(args, s), s)),
  g: (args, o, s) => (o.position = gravity(args, s)),
  q: (args, o, s) => (o.quality = integerIn(one(args, s), 0, 100, s)),
  bl: (args, o, s) => (o.blur = numberIn(one(args, s), 0, MAX_BLUR, s)),
  bg: (args, o, s) => (o.background = background(args, s)),
  dpr: (args, o, s) => (o.dpr = dpr(one(args, s), s)),
  f: (args, o, s) => (o.format = formatFromExtension(one(args, s))),
  c: (args, o, s) => {
    const [w = '', h = '', ...g] = args;
    o.crop = { width: cropSide(w, s), height: cropSide(h, s), ...(g.length ? { gravity: gravity(g, s) } : {}) };
  },
  // Meta options: rs:%type:%width:%height:%enlarge and s:%width:%height:%enlarge.
  rs: (args, o, s) => {
    expectArgs(args, 1, 4, s);
    const [type, width, height, enlarge] = args;
    if (type) o.fit = resizingType(type, s);
    if (width) o.width = dimension(width, s);
    if (height) o.height = dimension(height, s);
    if (enlarge) o.enlarge = flag(enlarge, s);
  },
  s: (args, o, s) => {
    expectArgs(args, 1, 3, s);
    const [width, height, enlarge] = args;
    if (width) o.width = dimension(width, s);
    if (height) o.height = dimension(height, s);
    if (enlarge) o.enlarge = flag(enlarge, s);
  },
};
const ALIASES: Record<string, string> = {
  width: 'w',
  height: 'h',
  resizing_type: 'rt',
  enlarge: 'el',
  gravity: 'g',
  quality: 'q',
  blur: 'bl',
  background: 'bg',
  format: 'f',
  ext: 'f',
  crop: 'c',
  resize: 'rs',
  size: 's',
};

/** Parses `name:arg[:arg]` segments in any order; a later segment overrides an earlier one, as in imgproxy. */
export function parseOptionSegments(segments: readonly string[]): ImageOptions {
  const options: ImageOptions = {};
  for (const segment of segments) {
    const [rawName = '', ...args] = segment.split(':');
    const name = ALIASES[rawName] ?? rawName;
    const parse = PARSERS[name];
    if (!parse) throw new ImageUrlError('unknown_option', `Unknown image option "${rawName}" in "${segment}".`);
    parse(args, options, segment);
  }
  return options;
}

/**
 * Drops values equal to the defaults, so that requests meaning the same image share one cache key
 * and the builder writes the shortest URL.
 */
export function normalizeImageOptions(options: ImageOptions): ImageOptions {
  const out: ImageOptions = {};
  if (options.width) out.width = options.width;
  if (options.height) out.height = options.height;
  if (options.fit && options.fit !== 'fit') out.fit = options.fit;
  if (options.enlarge) out.enlarge = true;
  if (options.position !== undefined && options.position !== 'ce') out.position = options.position;
  if (options.quality && options.quality !== DEFAULT_QUALITY) out.quality = options.quality;
  if (options.blur) out.blur = options.blur;
  if (options.background) out.background = options.background.toLowerCase();
  if (options.dpr !== undefined && options.dpr !== 1) out.dpr = options.dpr;
  if (options.format) out.format = options.format;
  if (options.crop?.width || options.crop?.height) out.crop = options.crop;
  return out;
}

/** Segments in one fixed order, without the format (which travels as the URL's extension). */
export function serializeOptionSegments(options: ImageOptions): string[] {
  const o = normalizeImageOptions(options);
  const out: string[] = [];
  // The crop first: it is applied first (before the resize), as imgproxy does whatever the order.
  if (o.crop) out.push(['c', o.crop.width, o.crop.height, ...(o.crop.gravity ? [gravitySegment(o.crop.gravity)] : [])].join(':'));
  if (o.width) out.push(`w:${o.width}`);
  if (o.height) out.push(`h:${o.height}`);
  if (o.fit) out.push(`rt:${o.fit}`);
  if (o.enlarge) out.push('el:1');
  if (o.position !== undefined) out.push(`g:${gravitySegment(o.position)}`);
  if (o.quality) out.push(`q:${o.quality}`);
  if (o.blur) out.push(`bl:${o.blur}`);
  if (o.background) out.push(`bg:${o.background}`);
  if (o.dpr !== undefined) out.push(`dpr:${o.dpr}`);
  return out;
}

function gravitySegment(gravity: Gravity): string {
  return typeof gravity === 'string' ? gravity : `fp:${gravity.x}:${gravity.y}`;
}

/** Checks options made in code (not parsed from a URL) against the same rules the parser applies. */
export function validateImageOptions(options: ImageOptions): ImageOptions {
  const segments = serializeOptionSegments(options);
  if (options.format) segments.push(`f:${extensionOf(options.format)}`);
  return parseOptionSegments(segments);
}

function one(args: string[], segment: string): string {
  expectArgs(args, 1, 1, segment);
  return args[0] ?? '';
}

function expectArgs(args: string[], min: number, max: number, segment: string): void {
  if (args.length < min || args.length > max) {
    const wanted = min === max ? `${min}` : `${min} to ${max}`;
    throw new ImageUrlError('invalid_option', `Image option "${segment}" takes ${wanted} argument${max === 1 ? '' : 's'}.`);
  }
}

function invalid(segment: string, why: string): ImageUrlError {
  return new ImageUrlError('invalid_option', `Invalid image option "${segment}": ${why}.`);
}

function dimension(value: string, segment: string): number {
  // Seven digits is far beyond any real size; the server applies its own, configurable cap.
  if (!/^\d{1,7}$/.test(value)) throw invalid(segment, 'expected a whole number of pixels');
  return Number(value);
}

function integerIn(value: string, min: number, max: number, segment: string): number {
  if (!/^\d{1,3}$/.test(value) || Number(value) < min || Number(value) > max) throw invalid(segment, `expected a whole number from ${min} to ${max}`);
  return Number(value);
}

function numberIn(value: string, min: number, max: number, segment: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n < min || n > max) throw invalid(segment, `expected a number from ${min} to ${max}`);
  return n;
}

function dpr(value: string, segment: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n <= 0 || n > MAX_DPR) throw invalid(segment, `expected a number above 0 and at most ${MAX_DPR}`);
  return n;
}

function flag(value: string, segment: string): boolean {
  if (['1', 't', 'true'].includes(value)) return true;
  if (['0', 'f', 'false'].includes(value)) return false;
  throw invalid(segment, 'expected 1 or 0');
}

function resizingType(value: string, segment: string): ResizingType {
  if (!(RESIZING_TYPES as readonly string[]).includes(value)) throw invalid(segment, `expected one of ${RESIZING_TYPES.join(', ')}`);
  return value as ResizingType;
}

function gravity(args: string[], segment: string): Gravity {
  const [type = '', ...rest] = args;
  if (type === 'fp') {
    expectArgs(args, 3, 3, segment);
    const [x = '', y = ''] = rest;
    return { x: numberIn(x, 0, 1, segment), y: numberIn(y, 0, 1, segment) };
  }
  // imgproxy's x/y offsets are not supported: refuse them rather than ignore them.
  expectArgs(args, 1, 1, segment);
  if (!(GRAVITY_TYPES as readonly string[]).includes(type)) throw invalid(segment, `expected one of ${GRAVITY_TYPES.join(', ')} or fp:x:y`);
  return type as GravityType;
}

/** A side of `crop:w:h[:gravity]`: whole pixels, a fraction below 1, or 0 (the whole side). */
function cropSide(value: string, segment: string): number {
  const n = numberIn(value, 0, 1e7, segment);
  if (n > 1 && n % 1) throw invalid(segment, 'expected whole pixels or a fraction below 1');
  return n;
}

function background(args: string[], segment: string): string {
  if (args.length === 3) {
    return args.map((c) => integerIn(c, 0, 255, segment).toString(16).padStart(2, '0')).join('');
  }
  const hex = one(args, segment).toLowerCase();
  if (/^[0-9a-f]{6}$/.test(hex)) return hex;
  if (/^[0-9a-f]{3}$/.test(hex)) return [...hex].map((c) => c + c).join('');
  throw invalid(segment, 'expected a hex colour (fff or ffffff) or r:g:b');
}
