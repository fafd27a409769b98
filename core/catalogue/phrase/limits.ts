/** The search box's field on the filter page's address: `/filter?q=двушка до 15 млн`. */
export const PHRASE_PARAM = 'q';
/** The longest query read: a sentence, not a document (the API answers 400 beyond it, the page reads no further). */
export const PHRASE_MAX_LENGTH = 200;

/**
 * A query as it is read and shown back: runs of spaces (no-break, ideographic and line breaks too) as one, the ends
 * trimmed, at most `PHRASE_MAX_LENGTH` characters. The grammar's patterns allow a space between tokens, so a run of
 * hundreds of spaces would make them try every way of splitting it: one space each is all they need.
 */
export function phraseText(raw: string): string {
  return raw.replace(/\s+/g, ' ').trim().slice(0, PHRASE_MAX_LENGTH);
}
