import { isbot } from 'isbot';
import { deviceBreakpoint, type DeviceBreakpoint } from './breakpoints.ts';

/** Image formats a browser may announce (the image proxy negotiates its own answers from each image request's Accept). */
export type AcceptedImageFormat = 'avif' | 'webp' | 'png' | 'jpeg';

/** Spec §3 "Device state". Built on the server from request headers, refined in the browser. */
export type DeviceState = {
  webp: boolean;
  ios: boolean;
  android: boolean;
  macOS: boolean;
  safari: boolean;
  crawler: boolean;
  formats: AcceptedImageFormat[];
  breakpoint: DeviceBreakpoint;
};

/** User-Agent Client Hints, as raw header values (`sec-ch-ua-platform: "macOS"`). */
export type ClientHints = {
  platform?: string | null;
  mobile?: string | null;
  viewportWidth?: string | null;
};

/**
 * Headers only, never a cookie: WebP support comes from Accept and the user agent (the image proxy negotiates each
 * picture's format from its own request, so nothing the page draws depends on it).
 */
export type DeviceInput = { userAgent?: string | null; accept?: string | null; clientHints?: ClientHints };

/** Widths assumed when only the user agent is known; `realName: false` marks them as guesses. */
const GUESSED_WIDTH = { phone: 375, tablet: 1024, desktop: 1440 } as const;

export function detectDevice({ userAgent, accept, clientHints }: DeviceInput): DeviceState {
  const ua = userAgent ?? '';
  const platform = unquote(clientHints?.platform)?.toLowerCase();

  // The @nuxtjs/device rules, which the spec's device state comes from.
  const ios = /iPad|iPhone|iPod/.test(ua) || platform === 'ios';
  const android = /android/i.test(ua) || platform === 'android';
  const macOS = (/mac os x/i.test(ua) && !/like mac os x/i.test(ua)) || platform === 'macos';
  const safari = /^((?!chrome|android|crios|fxios).)*safari/i.test(ua);
  const crawler = isbot(ua);

  const accepted = acceptedImageFormats(accept);
  const webp = accepted.includes('webp') || supportsWebpByUserAgent(ua, ios);
  const formats: AcceptedImageFormat[] = [...accepted.filter((f) => f === 'avif'), ...(webp ? (['webp'] as const) : []), 'png', 'jpeg'];

  return { webp, ios, android, macOS, safari, crawler, formats, breakpoint: guessBreakpoint(ua, clientHints) };
}

/** Reads every input `detectDevice` uses from request headers (a Fetch `Headers` or Node's header record). */
export function deviceInputFromHeaders(headers: Headers | Record<string, string | string[] | undefined>): DeviceInput {
  const get = (name: string): string | undefined => {
    if (headers instanceof Headers) return headers.get(name) ?? undefined;
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    userAgent: get('user-agent'),
    accept: get('accept'),
    clientHints: {
      platform: get('sec-ch-ua-platform'),
      mobile: get('sec-ch-ua-mobile'),
      viewportWidth: get('sec-ch-viewport-width') ?? get('viewport-width'),
    },
  };
}

/** Image types named in an Accept header with a non-zero quality; wildcards promise nothing specific. */
export function acceptedImageFormats(accept: string | null | undefined): AcceptedImageFormat[] {
  const out = new Set<AcceptedImageFormat>();
  for (const part of (accept ?? '').split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    const format = ({ 'image/avif': 'avif', 'image/webp': 'webp', 'image/png': 'png', 'image/jpeg': 'jpeg' } as const)[type.trim()];
    if (format) out.add(format);
  }
  return [...out];
}

/**
 * Browsers that decode WebP but do not say so in a page request's Accept header (Safari never does).
 * Safari 14–15 decode it only on macOS 11+, which the frozen UA cannot tell apart, so they get png
 * until the browser's own feature test says otherwise.
 */
function supportsWebpByUserAgent(ua: string, ios: boolean): boolean {
  const version = (re: RegExp) => Number(re.exec(ua)?.[1] ?? 0);
  if (ios) return version(/OS (\d+)[_\d]* like Mac OS X/) >= 14;
  // Legacy Edge also says "Chrome/…", but only from version 18 on does it decode WebP.
  if (/Edge\/\d+/.test(ua)) return version(/Edge\/(\d+)/) >= 18;
  if (version(/Firefox\/(\d+)/) >= 65) return true;
  if (version(/(?:Chrome|Chromium)\/(\d+)/) >= 32) return true;
  return /safari/i.test(ua) && version(/Version\/(\d+)/) >= 16;
}

function guessBreakpoint(ua: string, hints: ClientHints | undefined): DeviceBreakpoint {
  const measured = Number(hints?.viewportWidth);
  if (hints?.viewportWidth && Number.isFinite(measured) && measured > 0) return deviceBreakpoint(measured, true);
  const tablet = /iPad|Tablet/i.test(ua) || (/android/i.test(ua) && !/mobile/i.test(ua));
  const phone = !tablet && (hints?.mobile === '?1' || /Mobi|iPhone|iPod/i.test(ua));
  return deviceBreakpoint(phone ? GUESSED_WIDTH.phone : tablet ? GUESSED_WIDTH.tablet : GUESSED_WIDTH.desktop, false);
}

function unquote(value: string | null | undefined): string | undefined {
  return value?.trim().replace(/^"(.*)"$/, '$1') || undefined;
}
