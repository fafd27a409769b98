import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerBuild } from 'react-router';
import type { MessageSelector } from '#core/i18n/messages.ts';

/**
 * Which messages a page's browser code can ask for (ADR 027): the root loader sends only those in the
 * hydration data, not the language's whole catalog. Read from the production client build itself — the JavaScript
 * the page loads (the entry, its route modules and their imports) and every chunk those can import later (dialogs,
 * lazy components, the form's validation) — so the list cannot drift from the code:
 * - a string literal that names a message or a group of them (`'catalogue.plural.lots'`) or ends in a dot;
 * - a template literal's text before its first `${…}`, to its last dot (`` `catalogue.status.${s}` `` → every
 *   `catalogue.status.*`; `` `catalogue.common.compact.e${n}` `` → every `catalogue.common.compact.*`);
 * - a template that starts with `${…}` followed by text (`` `${kind}.title` ``) → that ending under any group;
 * - a property path read off `messages` (`messages.meta.siteName`).
 * Minifying keeps string literals and property names, so the scan reads the built files as they are served.
 */
export type PageMessageKeys = (pattern: string, scope: MessageScope, load?: MessageLoad) => MessageSelector | null;

/**
 * `all`: what the page's code can ever show (a move in the page carries it); `first`: what the code of its first load
 * shows (a document's hydration data carries it). The rest comes with the code that loads later (`laterMessageKeys`).
 */
export type MessageLoad = 'all' | 'first';

/**
 * `page`: every route of the match chain (what a layout that declares `handle.pageMessages`, `_site`, sends with
 * each page, read again on every move to another path); `shell`: the routes above such a layout (what the root
 * sends once per language: its error page, the cookie notice), or the whole chain of a page outside one.
 */
export type MessageScope = 'page' | 'shell';

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g;
const STRING = /(["'`])([A-Za-z][\w]*(?:\.[\w]+)+\.?)\1/g;
const TEMPLATE_HEAD = /`([A-Za-z]\w*(?:\.\w*)+)\$\{/g;
const TEMPLATE_TAIL = /`\$\{[^`}]*\}((?:\.[\w]+)+)`/g;
const MESSAGES_PATH = /\bmessages((?:\.[A-Za-z_]\w*)+)/g;

type ChunkScan = { imports: string[]; staticImports: string[]; selector: MessageSelector };

export function scanChunk(code: string): ChunkScan {
  const imports = new Set<string>();
  const dynamic = new Set<string>();
  for (const m of code.matchAll(DYNAMIC_IMPORT)) dynamic.add(m[1]!);
  const staticImports = [...code.matchAll(STATIC_IMPORT)].map((m) => m[1]!);
  for (const file of staticImports) imports.add(file);
  for (const file of dynamic) imports.add(file);
  const selector: MessageSelector = { keys: new Set(), prefixes: new Set(), suffixes: new Set() };
  for (const m of code.matchAll(STRING)) (m[2]!.endsWith('.') ? selector.prefixes : selector.keys).add(m[2]!.replace(/\.$/, ''));
  // `catalogue.common.compact.e${power}`: the group before the last dot.
  for (const m of code.matchAll(TEMPLATE_HEAD)) selector.prefixes.add(m[1]!.slice(0, m[1]!.lastIndexOf('.')));
  for (const m of code.matchAll(TEMPLATE_TAIL)) selector.suffixes.add(m[1]!.slice(1));
  for (const m of code.matchAll(MESSAGES_PATH)) selector.keys.add(m[1]!.slice(1));
  return { imports: [...imports], staticImports, selector };
}

/** React Router's pattern of a match chain (its `getRoutePattern`): the routes' paths joined, `/` when none. */
function patternOf(build: ServerBuild, id: string): string {
  const paths: string[] = [];
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) if (route.path) paths.unshift(route.path);
  return paths.join('/').replace(/\/\/+/g, '/') || '/';
}

/**
 * The selector of each route pattern of a production build, read from `clientDir` (build/client); null when the
 * build's client files are not there (development: the whole catalog goes to the browser).
 */
export function pageMessageKeys(build: ServerBuild, clientDir: string): PageMessageKeys {
  const assets = build.assets;
  if (!existsSync(join(clientDir, assets.entry.module))) return () => null;
  const reach = chunkReader(clientDir);
  const chain = (id: string) => {
    const ids: string[] = [];
    for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) ids.unshift(route.id);
    return ids;
  };
  const declaresPage = (id: string) => Boolean((build.routes[id]?.module.handle as { pageMessages?: boolean } | undefined)?.pageMessages);
  // Every route with the pattern its matches give (a layout shares its index's): the chain from the root to it.
  const routesByPattern = new Map<string, { page: Set<string>; shell: Set<string> }>();
  for (const id of Object.keys(build.routes)) {
    const pattern = patternOf(build, id);
    const sets = routesByPattern.get(pattern) ?? { page: new Set<string>(), shell: new Set<string>() };
    const ids = chain(id);
    const layout = ids.findIndex(declaresPage);
    for (const routeId of ids) sets.page.add(routeId);
    for (const routeId of layout === -1 ? ids : ids.slice(0, layout)) sets.shell.add(routeId);
    routesByPattern.set(pattern, sets);
  }
  const selectors = new Map<string, MessageSelector | null>();
  return (pattern, scope, load = 'all') => {
    const cacheKey = `${scope} ${load} ${pattern}`;
    if (selectors.has(cacheKey)) return selectors.get(cacheKey)!;
    const ids = routesByPattern.get(pattern)?.[scope];
    const files = [assets.entry.module, ...assets.entry.imports];
    for (const id of ids ?? []) {
      const route = assets.routes[id];
      if (route?.module) files.push(route.module, ...(route.imports ?? []));
    }
    // A pattern the build does not know (it cannot happen for a matched page): the whole catalog.
    const selector = ids ? reach(files, load) : null;
    selectors.set(cacheKey, selector);
    return selector;
  };
}

/**
 * Every message any page's code can show (all routes, all they can import): what the browser fetches, once per
 * language and build, when code that loads after the page's first load is about to render
 * (`GET /_messages/{locale}.json`, app/lib/later-messages.ts). Null without a client build (development).
 */
export function laterMessageKeys(build: ServerBuild, clientDir: string): MessageSelector | null {
  const assets = build.assets;
  if (!existsSync(join(clientDir, assets.entry.module))) return null;
  const files = [assets.entry.module, ...assets.entry.imports];
  for (const route of Object.values(assets.routes)) if (route?.module && !route.id.startsWith('admin')) files.push(route.module, ...(route.imports ?? []));
  return chunkReader(clientDir)(files);
}

/**
 * What the client build's files (by their URLs) can show, following static and dynamic imports (or, for `first`,
 * static ones only); each file scanned once per reader.
 */
function chunkReader(clientDir: string): (starts: string[], load?: MessageLoad) => MessageSelector {
  const chunks = new Map<string, ChunkScan>();
  const chunk = (file: string): ChunkScan => {
    let scan = chunks.get(file);
    if (!scan) {
      const path = join(clientDir, 'assets', file);
      scan = existsSync(path)
        ? scanChunk(readFileSync(path, 'utf8'))
        : { imports: [], staticImports: [], selector: { keys: new Set(), prefixes: new Set(), suffixes: new Set() } };
      chunks.set(file, scan);
    }
    return scan;
  };
  return (starts, load = 'all') => {
    const selector: MessageSelector = { keys: new Set(), prefixes: new Set(), suffixes: new Set() };
    const seen = new Set<string>();
    const queue = starts.map((url) => url.replace(/^\/assets\//, ''));
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const scan = chunk(file);
      for (const key of scan.selector.keys) selector.keys.add(key);
      for (const prefix of scan.selector.prefixes) selector.prefixes.add(prefix);
      for (const suffix of scan.selector.suffixes) selector.suffixes.add(suffix);
      queue.push(...(load === 'first' ? scan.staticImports : scan.imports));
    }
    return selector;
  };
}
