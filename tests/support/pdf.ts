/**
 * Reads what a client can check in a PDF without a PDF library: the header, the page, image and embedded-font
 * counts, and the document's language and Info strings (pdfkit writes them as UTF-16BE literal strings).
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
  };
}
