/**
 * React's own floor for a page (issue #40): the HTML the site sent for a URL, parsed once (happy-dom's parser) and
 * turned into a static tree of `React.createElement` calls, rendered by the same React with the same streaming API
 * as `app/entry.server.tsx` (`renderToPipeableStream`, answered at the shell) and compressed as the site compresses
 * (brotli quality 4, window 18: server/app.ts). No router, no loaders, no hydration data to encode, no components:
 * what is left is React writing the same DOM. `npm run bench -- ssr` serves it from a child process
 * (`node scripts/bench/react-floor.ts <pages.json> <port>`, pages.json mapping a path to its HTML) and compares the
 * site's uncached render rate with it over HTTP at the same connections.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import { constants as zlib, createBrotliCompress } from 'node:zlib';
import { Window } from 'happy-dom';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/** HTML attributes that React reads as booleans, by their HTML name: React wants `true`, not the empty string. */
const BOOLEANS = new Map(
  [
    'allowFullScreen',
    'async',
    'autoFocus',
    'autoPlay',
    'checked',
    'controls',
    'default',
    'defer',
    'disabled',
    'disablePictureInPicture',
    'disableRemotePlayback',
    'formNoValidate',
    'hidden',
    'inert',
    'itemScope',
    'loop',
    'multiple',
    'muted',
    'noModule',
    'noValidate',
    'open',
    'playsInline',
    'readOnly',
    'required',
    'reversed',
    'selected',
  ].map((name) => [name.toLowerCase(), name]),
);

/** HTML attribute names whose React prop is spelt otherwise; the rest are taken as the page spells them (`spelling`). */
const RENAMED: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  'http-equiv': 'httpEquiv',
  'accept-charset': 'acceptCharset',
  'xlink:href': 'xlinkHref',
};

/**
 * The parser lowers attribute names; React writes most props as they are spelt (`hrefLang`, `fetchPriority`,
 * `tabIndex`), so each name is given back the spelling it has in the page's own HTML, which React wrote.
 */
function spelling(html: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const match of html.matchAll(/\s([a-z][a-zA-Z]*[A-Z][a-zA-Z]*)=/g)) names.set(match[1]!.toLowerCase(), match[1]!);
  return names;
}

/** `a:b;--c:d` → `{ a: 'b', '--c': 'd' }` with React's names (`background-color` → `backgroundColor`, `-webkit-x` → `WebkitX`). */
export function styleObject(style: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (!property) continue;
    const name = property.startsWith('--') ? property : property.replace(/^-ms-/, 'ms-').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    out[name] = value;
  }
  return out;
}

type DomNode = { nodeType: number; nodeName: string; textContent: string | null; childNodes: ArrayLike<DomNode> };
type DomElement = DomNode & {
  localName: string;
  attributes: ArrayLike<{ name: string; value: string }>;
  innerHTML: string;
  content?: { childNodes: ArrayLike<DomNode> };
};

/** Elements whose contents React must write as they are (scripts, styles): `dangerouslySetInnerHTML`. */
const RAW = new Set(['script', 'style']);

function children(nodes: ArrayLike<DomNode>, names: Map<string, string>): ReactNode[] {
  const out: ReactNode[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.nodeType === 3) out.push(node.textContent ?? '');
    else if (node.nodeType === 1) out.push(toElement(node as DomElement, names));
    // Comments (React's own `<!-- -->` separators and Suspense marks) are React's to write, not the page's.
  }
  return out;
}

/** One parsed element, its attributes as React props, and its children. */
export function toElement(element: DomElement, names: Map<string, string> = new Map()): ReactElement {
  const tag = element.localName;
  const props: Record<string, unknown> = {};
  for (let i = 0; i < element.attributes.length; i++) {
    const { name, value } = element.attributes[i]!;
    const lower = name.toLowerCase();
    if (lower === 'style') props.style = styleObject(value);
    else if (BOOLEANS.has(lower)) props[BOOLEANS.get(lower)!] = true;
    else if (lower === 'download' && value === '') props.download = true;
    else props[RENAMED[lower] ?? names.get(lower) ?? name] = value;
  }
  if (RAW.has(tag) || tag === 'noscript') {
    const html = tag === 'noscript' ? element.innerHTML : (element.textContent ?? '');
    if (html) props.dangerouslySetInnerHTML = { __html: html };
    return createElement(tag, props);
  }
  if (tag === 'textarea') return createElement(tag, { ...props, defaultValue: element.textContent ?? '' });
  const nodes = tag === 'template' && element.content ? element.content.childNodes : element.childNodes;
  const kids = children(nodes, names);
  return kids.length ? createElement(tag, props, ...kids) : createElement(tag, props);
}

/** A whole page's HTML as one static React tree rooted at `<html>` (React writes the doctype itself). */
export function htmlToElement(html: string): ReactElement {
  const window = new Window();
  try {
    const document = new window.DOMParser().parseFromString(html, 'text/html');
    // React writes an image's preload itself, from the `<img>` it names (a high fetch priority): not twice.
    for (const link of document.querySelectorAll('head > link[rel="preload"][as="image"]')) {
      const srcset = link.getAttribute('imagesrcset');
      const href = link.getAttribute('href');
      const named = [...document.querySelectorAll('img')].some(
        (img) => (srcset && img.getAttribute('srcset') === srcset) || (href && img.getAttribute('src') === href),
      );
      if (named) link.remove();
    }
    return toElement(document.documentElement as unknown as DomElement, spelling(html));
  } finally {
    void window.happyDOM.close();
  }
}

/** Renders `tree` as the site's entry does (`renderToPipeableStream`, from the shell) into `out`, through `encode` if given. */
export function renderPage(tree: ReactElement, out: NodeJS.WritableStream, onShell: () => void = () => {}): void {
  const { pipe } = renderToPipeableStream(tree, {
    onShellReady() {
      onShell();
      pipe(out);
    },
    onShellError(error) {
      out.emit('error', error);
    },
  });
}

/** The bytes React writes for `tree`, uncompressed. */
export function renderedBytes(tree: ReactElement): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback();
      },
    });
    sink.on('finish', () => resolve(bytes));
    sink.on('error', reject);
    renderPage(tree, sink);
  });
}

/** The site's brotli settings (server/app.ts). */
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 } };

/** Serves each page's tree, rendered anew per request, brotli-compressed when asked as the site does. */
async function serve(pagesFile: string, port: number): Promise<void> {
  const pages = JSON.parse(readFileSync(pagesFile, 'utf8')) as Record<string, string>;
  const trees = new Map(Object.entries(pages).map(([path, html]) => [path, htmlToElement(html)]));
  const sizes: Record<string, number> = {};
  for (const [path, tree] of trees) sizes[path] = await renderedBytes(tree);
  http
    .createServer((req, res) => {
      const tree = trees.get(req.url ?? '');
      if (!tree) {
        res.statusCode = 404;
        res.end();
        return;
      }
      const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = br ? createBrotliCompress(BROTLI) : new PassThrough();
      renderPage(tree, body, () => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...(br ? { 'content-encoding': 'br' } : {}) });
        body.pipe(res);
      });
    })
    .listen(port, '127.0.0.1', () => console.log(JSON.stringify(sizes)));
}

if (import.meta.url === `file://${process.argv[1]}`) await serve(process.argv[2]!, Number(process.argv[3]));
