/** The search box's field on the filter page's address: `/filter?q=двушка до 15 млн`. */
export const PHRASE_PARAM = 'q';
/** The longest query read: a sentence, not a document (the API answers 400 beyond it, the page reads no further). */
export const PHRASE_MAX_LENGTH = 200;
