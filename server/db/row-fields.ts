/** What separates a row's fields (U+001F, the unit separator): no field the reads join holds it. */
export const SEPARATOR = '\x1f';

/**
 * A row read as one text of its fields joined by U+001F (`concat_ws(chr(31), …)`: the driver decodes one field
 * instead of twenty; the catalogue's snapshot reads its million lots so), read field by field in place: no array of
 * its pieces, and numbers read from their digits. Splitting the lots' rows and turning their pieces into numbers cost
 * 2.5 s of a million-lot load (docs/performance.md, 2026-12-01); this reads the same values.
 */
export class RowFields {
  private text = '';
  private at = 0;
  private end = -1;
  private count = 0;

  /** Starts on `text`'s first field. */
  row(text: string): this {
    this.text = text;
    this.end = -1;
    this.count = 0;
    return this;
  }

  private next(): void {
    const text = this.text;
    // Past the last field: every field after it reads as empty, and `done` says the row was short.
    this.at = this.end + 1;
    if (this.at > text.length) {
      this.end = this.at;
      return;
    }
    this.count += 1;
    const end = text.indexOf(SEPARATOR, this.at);
    this.end = end < 0 ? text.length : end;
  }

  /** The next field as a text. */
  string(): string {
    this.next();
    return this.at >= this.end ? '' : this.text.slice(this.at, this.end);
  }

  /**
   * The next field as a number, NaN when it is empty. A plain decimal of at most 15 digits (what PostgreSQL prints for
   * ids, prices and areas) is read from its digits: its integer divided by a power of ten is the double nearest the
   * decimal, as `Number` gives; anything else (an exponent, more digits) is read by `Number`.
   */
  number(): number {
    this.next();
    const { text, at, end } = this;
    if (at >= end) return Number.NaN;
    let i = at;
    const negative = text.charCodeAt(i) === 45;
    if (negative) i += 1;
    let whole = 0;
    let scale = 1;
    let digits = 0;
    let point = false;
    for (; i < end; i += 1) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        whole = whole * 10 + (c - 48);
        digits += 1;
        if (point) scale *= 10;
      } else if (c === 46 && !point) point = true;
      else return Number(text.slice(at, end));
    }
    if (digits === 0 || digits > 15) return Number(text.slice(at, end));
    const value = point ? whole / scale : whole;
    return negative ? -value : value;
  }

  /** The next field as a number, null when it is empty. */
  nullable(): number | null {
    const value = this.number();
    return Number.isNaN(value) ? null : value;
  }

  /** Whether the row held exactly `fields` fields and all were read. */
  done(fields: number): boolean {
    return this.count === fields && this.end === this.text.length;
  }

  /** How many fields the row holds (for an error's message). */
  static count(text: string): number {
    return text.split(SEPARATOR).length;
  }
}
