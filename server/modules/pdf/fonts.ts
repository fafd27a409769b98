import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

/**
 * The PDF's fonts: the site's Manrope for Latin and Cyrillic, then Noto Sans SC for Chinese and anything
 * Manrope lacks. Both come from npm (`@fontsource/*` WOFF files, unpacked once: pdfkit embeds and subsets them), so a PDF
 * looks the same on every machine. A font file covers one script; `runs()` splits text by coverage.
 */
export type Weight = 'regular' | 'bold';
export type Face = { name: string; data: Buffer; covers: (codePoint: number) => boolean };

const require = createRequire(import.meta.url);
const filesOf = (pkg: string) => join(dirname(require.resolve(pkg)), 'files');

const SUBSETS: [pkg: string, prefix: string, subset: string][] = [
  ['@fontsource/manrope', 'manrope', 'latin'],
  ['@fontsource/manrope', 'manrope', 'cyrillic'],
  ['@fontsource/manrope', 'manrope', 'latin-ext'],
  ['@fontsource/noto-sans-sc', 'noto-sans-sc', 'latin'],
  ['@fontsource/noto-sans-sc', 'noto-sans-sc', 'latin-ext'],
  ['@fontsource/noto-sans-sc', 'noto-sans-sc', 'cyrillic'],
  ['@fontsource/noto-sans-sc', 'noto-sans-sc', 'chinese-simplified'],
  // Its numbered slice with the mathematical operators: the «≈» of a price in another currency (ADR 037).
  ['@fontsource/noto-sans-sc', 'noto-sans-sc', '90'],
];

/**
 * WOFF (1.0) → plain TrueType/OpenType: the tables inflated once. fontkit reads WOFF too, but inflates tables
 * again on every glyph it subsets, which takes tens of seconds for a Chinese text.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const head = 12 + 16 * count;
  const out = Buffer.alloc(head + tables.reduce((sum, t) => sum + pad(t.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(count));
  woff.copy(out, 0, 4, 8); // flavor
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(power * 16, 6);
  out.writeUInt16BE(Math.log2(power), 8);
  out.writeUInt16BE(count * 16 - power * 16, 10);
  let offset = head;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    table.tag.copy(out, at);
    out.writeUInt32BE(table.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(out, offset);
    offset += pad(table.data.length);
  });
  return out;
}

let loaded: Record<Weight, Face[]> | null = null;

/** The font stack per weight, read once (about 12 MB unpacked) on the first PDF. */
export function fontStack(): Record<Weight, Face[]> {
  if (loaded) return loaded;
  const load = (weight: Weight): Face[] =>
    SUBSETS.map(([pkg, prefix, subset]) => {
      const file = `${prefix}-${subset}-${weight === 'bold' ? 700 : 400}-normal.woff`;
      const data = woffToSfnt(readFileSync(join(filesOf(pkg), file)));
      const font = fontkit.create(data);
      return { name: `${prefix}-${subset}-${weight}`, data, covers: (cp: number) => font.hasGlyphForCodePoint(cp) };
    });
  loaded = { regular: load('regular'), bold: load('bold') };
  return loaded;
}

/** Whitespace every face can stand in for: narrow and no-break spaces (Intl's number groups) become plain ones. */
const SPACES = /[\u00a0\u2009\u202f]/g;

/** Splits text into runs that one face can draw, first face that has the glyph wins; unknown glyphs fall to the first face. */
export function runs(text: string, faces: Face[]): { face: Face; text: string }[] {
  const out: { face: Face; text: string }[] = [];
  const first = faces[0]!;
  for (const char of text.replace(SPACES, ' ')) {
    const cp = char.codePointAt(0)!;
    // Spaces and line breaks stay with the run before them, so lines wrap as one text.
    const face = cp <= 0x20 && out.length > 0 ? out[out.length - 1]!.face : (faces.find((f) => f.covers(cp)) ?? first);
    const last = out[out.length - 1];
    if (last && last.face === face) last.text += char;
    else out.push({ face, text: char });
  }
  return out;
}
