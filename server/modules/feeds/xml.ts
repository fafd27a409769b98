import { escapeXml } from '../../lib/xml.ts';

/**
 * The portal feeds' XML: offers are built as element trees (`el`), written by `writeXml`, and read back by
 * `readXml` — a strict reader of the subset the feeds write (elements, double-quoted attributes, text, the five
 * entities and character references, CDATA, an XML declaration and comments). `npm run feeds:check` and the tests
 * read the served documents with it, so what is checked is what a portal downloads, and a malformed document
 * (a tag left open, a stray `&`) is an error.
 */
export type XmlElement = { name: string; attrs: Record<string, string>; children: XmlNode[] };
export type XmlNode = XmlElement | string;
type Content = XmlNode | number | boolean | null | undefined | Content[];

/**
 * An element; `null`/`undefined`/`''` content leaves the whole element out (returns null), so an absent fact
 * is an absent element, never an empty one. Numbers and booleans are written as text (`true`/`false`); leave a
 * child out with `null`, never `false`.
 */
export function el(name: string, ...content: Content[]): XmlElement | null;
export function el(name: string, attrs: Record<string, string>, ...content: Content[]): XmlElement | null;
export function el(name: string, ...rest: unknown[]): XmlElement | null {
  const attrs = rest.length && isAttrs(rest[0]) ? (rest.shift() as Record<string, string>) : {};
  const children: XmlNode[] = [];
  const add = (c: unknown) => {
    if (c === null || c === undefined || c === '') return;
    if (Array.isArray(c)) c.forEach(add);
    else if (typeof c === 'number') {
      if (Number.isFinite(c)) children.push(String(c));
    } else if (typeof c === 'boolean') children.push(String(c));
    else children.push(c as XmlNode);
  };
  rest.forEach(add);
  if (!children.length && !Object.keys(attrs).length) return null;
  return { name, attrs, children };
}

const isAttrs = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v) && !('children' in v);

export function writeXml(node: XmlNode): string {
  if (typeof node === 'string') return escapeXml(node);
  const attrs = Object.entries(node.attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  if (!node.children.length) return `<${node.name}${attrs}/>`;
  return `<${node.name}${attrs}>${node.children.map(writeXml).join('')}</${node.name}>`;
}

/** A document: the declaration, the root's opening tag, one line per child (one offer a line), the closing tag. */
export function writeDocument(root: XmlElement): string {
  const attrs = Object.entries(root.attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root.name}${attrs}>\n${root.children.map((c) => `${writeXml(c)}\n`).join('')}</${root.name}>\n`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /^[A-Za-z_][\w.-]*(?::[\w.-]+)?/;

function decode(text: string, at: number): string {
  return text.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new Error(`XML: a bare "&" near character ${at}`);
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    const value = ENTITIES[name];
    if (value === undefined) throw new Error(`XML: unknown entity &${name}; near character ${at}`);
    return value;
  });
}

/** Reads a document into its root element; throws, naming the place, on anything not well-formed. */
export function readXml(xml: string): XmlElement {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`XML: ${what} at character ${i}`);
  };
  const skipMisc = () => {
    for (;;) {
      while (i < xml.length && /\s/.test(xml[i]!)) i += 1;
      if (xml.startsWith('<?', i)) {
        const end = xml.indexOf('?>', i);
        if (end < 0) fail('an unclosed processing instruction');
        i = end + 2;
      } else if (xml.startsWith('<!--', i)) {
        const end = xml.indexOf('-->', i);
        if (end < 0) fail('an unclosed comment');
        i = end + 3;
      } else return;
    }
  };
  const readElement = (): XmlElement => {
    if (xml[i] !== '<') fail('an element expected');
    i += 1;
    const name = NAME.exec(xml.slice(i, i + 200))?.[0] ?? fail('an element name expected');
    i += name.length;
    const attrs: Record<string, string> = {};
    for (;;) {
      const space = /^\s*/.exec(xml.slice(i, i + 100))![0].length;
      i += space;
      if (xml.startsWith('/>', i)) {
        i += 2;
        return { name, attrs, children: [] };
      }
      if (xml[i] === '>') {
        i += 1;
        break;
      }
      if (!space) fail(`a space expected in <${name}>`);
      const attr = NAME.exec(xml.slice(i, i + 200))?.[0] ?? fail(`an attribute name expected in <${name}>`);
      i += attr.length;
      if (xml[i] !== '=' || xml[i + 1] !== '"') fail(`="…" expected after ${attr}`);
      const end = xml.indexOf('"', i + 2);
      if (end < 0) fail(`an unclosed attribute ${attr}`);
      const raw = xml.slice(i + 2, end);
      if (raw.includes('<')) fail(`"<" in attribute ${attr}`);
      if (attr in attrs) fail(`attribute ${attr} repeated`);
      attrs[attr] = decode(raw, i);
      i = end + 1;
    }
    const children: XmlNode[] = [];
    for (;;) {
      if (i >= xml.length) fail(`<${name}> not closed`);
      if (xml.startsWith('</', i)) {
        i += 2;
        const closing = NAME.exec(xml.slice(i, i + 200))?.[0];
        if (closing !== name) fail(`</${closing ?? ''}> closes <${name}>`);
        i += name.length;
        while (/\s/.test(xml[i] ?? '')) i += 1;
        if (xml[i] !== '>') fail(`">" expected after </${name}`);
        i += 1;
        return { name, attrs, children };
      }
      if (xml.startsWith('<![CDATA[', i)) {
        const end = xml.indexOf(']]>', i);
        if (end < 0) fail('an unclosed CDATA section');
        children.push(xml.slice(i + 9, end));
        i = end + 3;
      } else if (xml.startsWith('<!--', i)) {
        const end = xml.indexOf('-->', i);
        if (end < 0) fail('an unclosed comment');
        i = end + 3;
      } else if (xml[i] === '<') children.push(readElement());
      else {
        const end = xml.indexOf('<', i);
        const stop = end < 0 ? xml.length : end;
        children.push(decode(xml.slice(i, stop), i));
        i = stop;
      }
    }
  };
  skipMisc();
  const root = readElement();
  skipMisc();
  if (i < xml.length) fail('content after the root element');
  return root;
}

/** The child elements of `node` (named `name` when given). */
export const childElements = (node: XmlElement, name?: string): XmlElement[] =>
  node.children.filter((c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name));

/** The text of an element (its text children joined, trimmed). */
export const textOf = (node: XmlElement): string =>
  node.children
    .filter((c): c is string => typeof c === 'string')
    .join('')
    .trim();

/** The element at a path of names below `node` (`'JKSchema/House/Id'`), the first of each name; null when absent. */
export function at(node: XmlElement, path: string): XmlElement | null {
  let current: XmlElement | null = node;
  for (const part of path.split('/')) {
    current = current ? (childElements(current, part)[0] ?? null) : null;
    if (!current) return null;
  }
  return current;
}
