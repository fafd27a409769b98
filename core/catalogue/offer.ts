import type { LotType, OfferKind, ProjectStatus } from './types.ts';

export { OFFER_KINDS, type OfferKind } from './types.ts';

/** How a lot is offered (`OfferKind` in types.ts), decided here once for every surface (cards, lot page, filter, PDFs, feed). */

/** The offer kind of a lot, from its premises' advertisement (if any) and its project's status. */
export function offerKind(lot: { advertisement: 'sale' | 'rent' | null | undefined; projectStatus: ProjectStatus }): OfferKind {
  if (lot.advertisement === 'rent') return 'rent';
  return lot.projectStatus === 'presale' ? 'presale' : 'sale';
}

/** The kinds of lot that have a finish (flats and premises); a parking space or a storage room has none to name or filter by. */
export const KINDS_WITH_FINISH: readonly LotType[] = ['flat', 'commercial'];
export const hasFinish = (type: LotType): boolean => KINDS_WITH_FINISH.includes(type);

/** The site's purchase pages (`/purchase/{page}`), in the purchase menu's order. */
export const PURCHASE_PROGRAMMES = ['mortgage', 'family-mortgage', 'it-mortgage', 'installment'] as const;
export type PurchaseProgramme = (typeof PURCHASE_PROGRAMMES)[number];

export type LotTerms = {
  /** Whether the lot has a finish worth naming (flats and premises: yes; a parking space or a storage room: no). */
  finish: boolean;
};

/**
 * What a kind of lot has to show. Which programmes finance it is no fixed rule of its kind: the programmes in
 * force say it (core/purchase `applies`, and each lot's `payment`), so nothing here can contradict them.
 */
export function lotTerms(lot: { type: LotType; offer: OfferKind }): LotTerms {
  return { finish: hasFinish(lot.type) };
}
