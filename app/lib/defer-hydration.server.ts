import { Transform } from 'node:stream';

/**
 * The page's JavaScript starts loading once the page has loaded, not while it paints (ADR 027): every page works
 * without JavaScript, so the first paint need not wait for the code that makes it interactive.
 *
 * The page loses its module preloads; its module script waits for the window's `load` (or DEFER_AT_MOST_MS), then
 * adds the same preloads in short slices and `import()`s the same modules — the same hydration, later. Inline
 * script hashes (ADR 023) must be taken from the changed page.
 *
 * Returns the page unchanged when React Router's output is not of the expected shape (a test holds that it is).
 */
export function deferHydration(page: Buffer): Buffer {
  // Worked on as bytes: only the module script and the preload links are decoded, never the whole page.
  const script = moduleScript(page);
  if (!script) return page;
  const body = page.toString('utf8', script.openEnd, script.bodyEnd);
  const imports = [...body.matchAll(STATIC_IMPORT)];
  // Every static import must be one of the route imports; anything else and the page is left as it is.
  if (!imports.length || body.match(/^\s*import\s+[^(]/gm)?.length !== imports.length) return page;
  const preloads: string[] = [];
  const cuts: [number, number][] = [];
  for (let at = page.indexOf(PRELOAD_START); at !== -1; at = page.indexOf(PRELOAD_START, at + 1)) {
    const end = page.indexOf('>', at);
    if (end === -1) return page;
    const href = PRELOAD_HREF.exec(page.toString('utf8', at, end + 1))?.[1];
    if (href === undefined) continue;
    preloads.push(href);
    cuts.push([at, end + 1]);
  }
  let rest = body;
  for (const match of imports) rest = rest.replace(match[0], '');
  rest = compactManifest(rest);
  const names = imports.map((match) => match[1]);
  const urls = imports.map((match) => JSON.stringify(match[2]));
  const deferred =
    `${PRELOADS_PREFIX}${JSON.stringify(preloads).replaceAll('<', '\\u003c')};\n` +
    `await new Promise((go) => { if (document.readyState === "complete") return go(); addEventListener("load", go, { once: true }); setTimeout(go, ${DEFER_AT_MOST_MS}); });\n` +
    // Adding preloads costs main-thread time, so they go in short slices, each its own task. The next slice waits
    // for `scheduler.yield()` or a message, not a timer: hidden tabs throttle timers to a second or more.
    `const next = () => globalThis.scheduler?.yield ? scheduler.yield() : new Promise((go) => { const channel = new MessageChannel(); channel.port1.onmessage = () => go(); channel.port2.postMessage(0); });\n` +
    `let slice = 0;\n` +
    `for (const href of preload) { if (performance.now() - slice > ${PRELOAD_SLICE_MS}) { await next(); slice = performance.now(); } const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }\n` +
    `const [${names.join(', ')}] = await Promise.all([${urls.map((url) => `import(${url})`).join(', ')}]);\n` +
    rest;
  // The page again: without the preloads, the module script's body replaced.
  const parts: Buffer[] = [];
  let from = 0;
  const edits = [...cuts.map(([start, end]) => ({ start, end, text: '' })), { start: script.openEnd, end: script.bodyEnd, text: deferred }];
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    if (edit.start < from) return page;
    parts.push(page.subarray(from, edit.start));
    if (edit.text) parts.push(Buffer.from(edit.text));
    from = edit.end;
  }
  parts.push(page.subarray(from));
  return Buffer.concat(parts);
}

/**
 * React Router writes the routes' manifest into the module script as indented JSON (`JSON.stringify(…, null, 2)`):
 * 1–3 KB of line breaks and indentation per page that nothing reads. They go; a raw line break cannot occur inside a
 * JSON string, so every one in the manifest is whitespace between tokens. The manifest ends at its first `;` before a
 * line break (a JSON value never ends with one).
 */
export function compactManifest(script: string): string {
  const at = script.indexOf(MANIFEST_START);
  if (at === -1) return script;
  const start = at + MANIFEST_START.length;
  const end = script.indexOf(';\n', start);
  if (end === -1) return script;
  return script.slice(0, start) + script.slice(start, end).replace(/\n */g, '') + script.slice(end);
}

/** The first `<script … type="module" …>`: where its opening tag ends and its body ends. */
function moduleScript(page: Buffer): { openEnd: number; bodyEnd: number } | null {
  for (let at = page.indexOf(MODULE_TYPE); at !== -1; at = page.indexOf(MODULE_TYPE, at + 1)) {
    const open = page.lastIndexOf('<script', at);
    // The attribute of a script tag: no `>` between the tag's start and it.
    if (open === -1 || page.indexOf('>', open) < at) continue;
    const openEnd = page.indexOf('>', at) + 1;
    const bodyEnd = page.indexOf('</script>', openEnd);
    return openEnd > 0 && bodyEnd !== -1 ? { openEnd, bodyEnd } : null;
  }
  return null;
}

/** At most this long after the page is parsed, the code loads even if `load` has not come (a picture that hangs). */
export const DEFER_AT_MOST_MS = 3000;

/** How long the preloads are added for before the script lets the browser run other tasks. */
const PRELOAD_SLICE_MS = 4;
const PRELOADS_PREFIX = 'const preload = ';
const PRELOAD_START = '<link rel="modulepreload"';
const PRELOAD_HREF = /^<link rel="modulepreload" href="([^"]+)"[^>]*>$/;
const MODULE_TYPE = ' type="module"';
const MANIFEST_START = 'window.__reactRouterManifest = ';
const STATIC_IMPORT = /^\s*import \* as (\w+) from "([^"]+)";[ \t]*$/gm;

/** The files a page's code loads first (its deferred preloads), for byte budgets and tests. */
export function deferredModules(html: string): string[] {
  const start = html.indexOf(PRELOADS_PREFIX);
  if (start === -1) return [];
  const end = html.indexOf(';\n', start);
  return JSON.parse(html.slice(start + PRELOADS_PREFIX.length, end).replaceAll('\\u003c', '<')) as string[];
}

/** The same for a streamed page: the HTML is gathered (pages are kept whole anyway: ADR 023) and changed once. */
export function deferHydrationStream(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      callback(null, deferHydration(Buffer.concat(chunks)));
    },
  });
}
