import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { LOCALE_ENTRIES, type Locale } from '#core/i18n/locales.ts';
import { MediaSources } from '../images/index.ts';
import { fontStack, runs, type Face, type Weight } from './fonts.ts';

export type Doc = PDFKit.PDFDocument;

/** The site's palette (app/app.css), so a printed sheet looks like the site. */
export const COLOR = {
  ink: '#1c2321',
  muted: '#5b6663',
  line: '#dfe3e0',
  paper: '#f7f6f2',
  sand: '#efe9dd',
  brand: '#1c5148',
  brandDark: '#0f2c28',
  brandLight: '#eef6f4',
  brandMid: '#2f7a6c',
  accent: '#c8793a',
  danger: '#b3261e',
  white: '#ffffff',
} as const;

/** 1 mm in PDF points. */
export const MM = 72 / 25.4;

export type TextStyle = {
  size: number;
  weight?: Weight;
  color?: string;
  width?: number;
  align?: 'left' | 'center' | 'right' | 'justify';
  lineGap?: number;
  characterSpacing?: number;
  /** Underlined link target. */
  link?: string;
};

export function createDoc(options: { locale: Locale; title: string; subject: string; author: string; layout: 'portrait' | 'landscape' }): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout,
    margin: 0,
    bufferPages: true,
    autoFirstPage: true,
    lang: LOCALE_ENTRIES[options.locale].iso,
    displayTitle: true,
    info: { Title: options.title, Subject: options.subject, Author: options.author, Creator: options.author, Producer: options.author },
  });
  const stack = fontStack();
  for (const face of [...stack.regular, ...stack.bold]) doc.registerFont(face.name, face.data);
  return doc;
}

/** The face drawing most of a text: what measuring without drawing assumes. */
function dominant(parts: { face: Face; text: string }[]): Face {
  const counts = new Map<Face, number>();
  for (const p of parts) counts.set(p.face, (counts.get(p.face) ?? 0) + p.text.length);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** Draws a text (any mix of scripts) in a column; returns the y below it. */
export function text(doc: Doc, value: string, x: number, y: number, style: TextStyle): number {
  const parts = runs(value, fontStack()[style.weight ?? 'regular']);
  if (parts.length === 0) return y;
  // pdfkit aligns each run of a continued text on its own: a one-line text in several fonts is placed by hand.
  if (parts.length > 1 && style.width && (style.align === 'right' || style.align === 'center')) {
    const width = widthOf(doc, value, style);
    if (width <= style.width) {
      const left = x + (style.align === 'right' ? style.width - width : (style.width - width) / 2);
      return text(doc, value, left, y, { ...style, align: 'left', width: width + 1 });
    }
  }
  parts.forEach((part, index) => {
    doc
      .font(part.face.name)
      .fontSize(style.size)
      .fillColor(style.color ?? COLOR.ink);
    const options: PDFKit.Mixins.TextOptions = {
      width: style.width,
      align: style.align ?? 'left',
      lineGap: style.lineGap ?? style.size * 0.3,
      characterSpacing: style.characterSpacing ?? 0,
      continued: index < parts.length - 1,
      ...(style.link ? { link: style.link, underline: true } : {}),
    };
    if (index === 0) doc.text(part.text, x, y, options);
    else doc.text(part.text, options);
  });
  return doc.y;
}

/** The height a text will take in a column. */
export function heightOf(doc: Doc, value: string, style: TextStyle): number {
  const parts = runs(value, fontStack()[style.weight ?? 'regular']);
  if (parts.length === 0) return 0;
  doc.font(dominant(parts).name).fontSize(style.size);
  return doc.heightOfString(value, { width: style.width, lineGap: style.lineGap ?? style.size * 0.3, characterSpacing: style.characterSpacing ?? 0 });
}

/** The width of a one-line text. */
export function widthOf(doc: Doc, value: string, style: TextStyle): number {
  let width = 0;
  for (const part of runs(value, fontStack()[style.weight ?? 'regular'])) {
    width += doc
      .font(part.face.name)
      .fontSize(style.size)
      .widthOfString(part.text, { characterSpacing: style.characterSpacing ?? 0 });
  }
  return width;
}

/** Reads media pictures for PDFs: resized to the box at print resolution (150 dpi), JPEG, white behind transparency. */
export class PdfPictures {
  readonly #sources: Promise<MediaSources>;
  readonly #onError: (src: string, error: unknown) => void;

  constructor(mediaDir: string, allowedHosts: readonly string[], onError: (src: string, error: unknown) => void) {
    this.#sources = MediaSources.open(mediaDir, { allowedHosts, maxSourceBytes: 40 * 1024 * 1024, remoteTimeoutMs: 10_000 });
    this.#onError = onError;
  }

  /** `fit: 'cover'` crops to the box; `'contain'` keeps the whole picture (its box size is returned). */
  async load(src: string, box: { width: number; height: number }, fit: 'cover' | 'contain'): Promise<{ data: Buffer; width: number; height: number } | null> {
    const scale = 150 / 72;
    try {
      const source = await (await this.#sources).load(src);
      const input = source.kind === 'file' ? source.path : source.data;
      const { data, info } = await sharp(input, { limitInputPixels: 80_000_000 })
        .resize(Math.round(box.width * scale), Math.round(box.height * scale), { fit: fit === 'cover' ? 'cover' : 'inside', withoutEnlargement: false })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width / scale, height: info.height / scale };
    } catch (error) {
      this.#onError(src, error);
      return null;
    }
  }
}

/** A picture in a box: cropped (cover) or centred (contain); a quiet placeholder when the file is missing. */
export async function drawPicture(
  doc: Doc,
  pictures: PdfPictures,
  src: string,
  box: { x: number; y: number; width: number; height: number },
  fit: 'cover' | 'contain' = 'cover',
): Promise<{ x: number; y: number; width: number; height: number }> {
  const image = await pictures.load(src, box, fit);
  if (!image) {
    doc.rect(box.x, box.y, box.width, box.height).fill(COLOR.paper);
    return box;
  }
  const x = box.x + (box.width - image.width) / 2;
  const y = box.y + (box.height - image.height) / 2;
  doc.image(image.data, x, y, { width: image.width, height: image.height });
  return { x, y, width: image.width, height: image.height };
}

/** Writes the same footer on every page: who made the document, where to find the live data, page n of N. */
export function footers(doc: Doc, left: string, right: (page: number, pages: number) => string, dark: (page: number) => boolean): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing below the margin must not start a new page
    const y = doc.page.height - 14 * MM;
    const color = dark(i) ? '#ffffffcc' : COLOR.muted;
    const width = doc.page.width - 30 * MM;
    text(doc, left, 15 * MM, y, { size: 8, color: dark(i) ? COLOR.white : COLOR.muted, width: width * 0.7 });
    const label = right(i - range.start + 1, range.count);
    text(doc, label, 15 * MM + width - widthOf(doc, label, { size: 8 }) - 1, y, { size: 8, color: color.slice(0, 7) });
    doc.page.margins.bottom = bottom;
  }
}

/** Collects a finished document into one buffer. */
export function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
