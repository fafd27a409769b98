import { inflateSync } from 'node:zlib';

/**
 * Reads what a client can check in a PDF without a PDF library: the header, the page, image and embedded-font
 * counts, the document's language and Info strings (pdfkit writes them as UTF-16BE literal strings), and the text
 * its pages draw.
 */
export type PdfFacts = {
  version: string;
  pages: number;
  images: number;
  fonts: number;
  lang: string | null;
  title: string;
  subject: string;
  author: string;
  /** The addresses of the document's link annotations (`/URI`), in order. */
  links: string[];
  /** The text the pages draw, as a reader copies it: runs on one baseline joined, a new baseline on a new line. */
  text: string;
};

function literal(pdf: string, ref: string | undefined): string {
  if (!ref) return '';
  const start = pdf.indexOf(`\n${ref} 0 obj\n(`);
  if (start < 0) return '';
  let i = pdf.indexOf('(', start) + 1;
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
  for (; i < pdf.length && pdf[i] !== ')'; i++) {
    if (pdf[i] === '\\') {
      i++;
      bytes.push(escapes[pdf[i]!] ?? pdf.charCodeAt(i));
    } else bytes.push(pdf.charCodeAt(i));
  }
  const buffer = Buffer.from(bytes);
  if (buffer[0] === 0xfe && buffer[1] === 0xff) {
    const body = buffer.subarray(2);
    return Buffer.from(body.map((_, k) => body[k ^ 1]!)).toString('utf16le');
  }
  return buffer.toString('latin1');
}

export function readPdf(data: Buffer): PdfFacts {
  const pdf = data.toString('latin1');
  const info = (key: string) => literal(pdf, new RegExp(`/${key} (\\d+) 0 R`).exec(pdf)?.[1]);
  return {
    version: /^%PDF-(\d\.\d)/.exec(pdf)?.[1] ?? '',
    pages: (pdf.match(/\/Type \/Page\b/g) ?? []).length,
    images: (pdf.match(/\/Subtype \/Image/g) ?? []).length,
    fonts: (pdf.match(/\/FontFile2/g) ?? []).length,
    lang: /\/Lang \(([^)]*)\)/.exec(pdf)?.[1] ?? null,
    title: info('Title'),
    subject: info('Subject'),
    author: info('Author'),
    links: [...pdf.matchAll(/\/URI \(((?:[^)\\]|\\.)*)\)/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1')),
    text: pageText(pdf),
  };
}

/** Each object's dictionary and (inflated) stream, by object number. */
function objects(pdf: string): Map<string, { dict: string; stream: string | null }> {
  const found = new Map<string, { dict: string; stream: string | null }>();
  for (const match of pdf.matchAll(/\n(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const body = match[2]!;
    const at = body.indexOf('\nstream\n');
    if (at < 0) {
      found.set(match[1]!, { dict: body, stream: null });
      continue;
    }
    const raw = Buffer.from(body.slice(at + 8, body.lastIndexOf('\nendstream')), 'latin1');
    let stream: string;
    try {
      stream = inflateSync(raw).toString('latin1');
    } catch {
      stream = raw.toString('latin1');
    }
    found.set(match[1]!, { dict: body.slice(0, at), stream });
  }
  return found;
}

/** A font's glyph codes → text, from its ToUnicode map (pdfkit writes one `bfrange` with an array per 256 codes). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    const from = parseInt(range[1]!, 16);
    [...range[3]!.matchAll(/<([0-9a-f]+)>/gi)].forEach((value, i) => map.set(from + i, hex(value[1]!)));
  }
  const plain = cmap.replace(/\[[^\]]*\]/g, '[]');
  for (const range of plain.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> <([0-9a-f]+)>/gi)) {
    const from = parseInt(range[1]!, 16);
    const start = parseInt(range[3]!, 16);
    for (let code = from; code <= parseInt(range[2]!, 16); code++) map.set(code, String.fromCodePoint(start + code - from));
  }
  for (const pair of plain.matchAll(/^<([0-9a-f]+)> <([0-9a-f]+)>$/gim)) map.set(parseInt(pair[1]!, 16), hex(pair[2]!));
  return map;
}

function pageText(pdf: string): string {
  const objs = objects(pdf);
  // pdfkit names each font once per document (/F1, /F2…), so every page's resources agree on the names.
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objs.values()) {
    for (const ref of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objs.get(ref[2]!)?.dict ?? '';
      const cmap = /\/ToUnicode (\d+) 0 R/.exec(font)?.[1];
      const stream = cmap ? objs.get(cmap)?.stream : null;
      if (stream) fonts.set(ref[1]!, toUnicode(stream));
    }
  }
  const contents = [...objs.values()].filter((o) => o.dict.includes('/Type /Page\n') || /\/Type \/Page\b(?!s)/.test(o.dict));
  let out = '';
  for (const page of contents) {
    const ref = /\/Contents (\d+) 0 R/.exec(page.dict)?.[1];
    const stream = ref ? (objs.get(ref)?.stream ?? '') : '';
    let font = new Map<number, string>();
    let y: string | null = null;
    for (const op of stream.matchAll(/\/(F\d+) [\d.]+ Tf|[\d.-]+ ([\d.-]+) Tm|\[((?:<[0-9a-f]*>|[\s\d.-])*)\] TJ|<([0-9a-f]*)> Tj/gi)) {
      if (op[1]) font = fonts.get(op[1]) ?? new Map();
      else if (op[2] !== undefined) {
        if (y !== null && op[2] !== y) out += '\n';
        y = op[2];
      } else {
        const hexes = op[3] !== undefined ? [...op[3].matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]!) : [op[4]!];
        for (const h of hexes) for (const unit of h.match(/.{4}/g) ?? []) out += font.get(parseInt(unit, 16)) ?? '';
      }
    }
    out += '\n';
  }
  return out;
}
