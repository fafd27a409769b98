/**
 * The site search's bounds (spec §9 "footer search limit 200"), apart from its schema so the footer's form can name
 * them without bringing zod to the browser.
 */

/** At most this many results in all (projects, lots, pages together): the spec's footer search limit. */
export const SEARCH_LIMIT = 200;
/** A query of words shorter than this finds too much to read; a number (a lot's) may be a single digit. */
export const SEARCH_MIN_LENGTH = 2;
/** Longer than any project name, lot number or title a visitor would type. */
export const SEARCH_MAX_LENGTH = 100;
/** The query's parameter in the page's and the API's address (`/search?q=22`, `/api/search/?q=22`). */
export const SEARCH_PARAM = 'q';
