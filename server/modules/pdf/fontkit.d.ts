/** The part of fontkit (a dependency of pdfkit, without its own types) the PDF writer uses. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer, postscriptName?: string): Font;
}
