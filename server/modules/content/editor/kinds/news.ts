import { publicationBinding } from '../publication-binding.ts';

/** News: `publications` of kind `news`, at `/news/{slug}`. */
export const news = publicationBinding('news', []);
