import { publicationBinding } from '../publication-binding.ts';

/** Press mentions: `publications` of kind `massmedia` with their outlet and the article's address (no page of their own). */
export const massmedia = publicationBinding('massmedia', ['sourceName', 'sourceUrl']);
