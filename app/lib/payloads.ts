/**
 * Prerendered pages load their payload file (spec §2; ADR 028): a click to one asks for
 * `{path}/_payload.json?{build id}` instead of the router's data request, which a CDN can keep per build. The
 * build's list is read when the browser is idle; a click before that takes the router's way, which works too.
 */

type Meta = { prerendered?: unknown };

/** The payload file to ask for instead of `url`, when `url` is the router's GET data request for a prerendered page. */
export function payloadFor(url: URL, prerendered: ReadonlySet<string>, buildId: string, origin: string): string | null {
  if (url.origin !== origin || !url.pathname.endsWith('.data')) return null;
  // Only the routes' selection may be asked along (a page's query string is a page of its own, never prerendered).
  for (const name of url.searchParams.keys()) if (name !== '_routes') return null;
  const page = url.pathname.endsWith('/_.data') ? url.pathname.slice(0, -'_.data'.length) : url.pathname.slice(0, -'.data'.length);
  if (!prerendered.has(page)) return null;
  return `${page === '/' ? '' : page}/_payload.json?${encodeURIComponent(buildId)}`;
}

/** Routes the router's data requests for prerendered pages to their payload files (see above); run when idle. */
export function installPayloads(win: Window & typeof globalThis = window): void {
  const buildId = (win as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
  if (!buildId) return;
  let prerendered: ReadonlySet<string> = new Set();
  const original = win.fetch.bind(win);
  win.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (prerendered.size > 0 && method === 'GET' && !(input instanceof Request)) {
      const payload = payloadFor(new URL(String(input), win.location.origin), prerendered, buildId, win.location.origin);
      if (payload) return original(payload, init);
    }
    return original(input, init);
  };
  void original(`/builds/meta/${encodeURIComponent(buildId)}.json`)
    .then((response) => (response.ok ? (response.json() as Promise<Meta>) : null))
    .then((meta) => {
      if (Array.isArray(meta?.prerendered)) prerendered = new Set(meta.prerendered.filter((path): path is string => typeof path === 'string'));
    })
    // The router's own requests stay: nothing is lost but the kept copy.
    .catch((error: unknown) => console.info('build meta unavailable', error));
}
