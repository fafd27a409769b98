import { publicationBinding } from '../publication-binding.ts';

/** Promotions: `publications` of kind `promo` with their badge and last day, at `/promo/{id}`. */
export const promo = publicationBinding('promo', ['badge', 'endsAt']);
