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

/** Purchase programmes of the site's purchase pages (`/purchase/{programme}`). */
export const PURCHASE_PROGRAMMES = ['mortgage', 'family-mortgage', 'it-mortgage', 'installment'] as const;
export type PurchaseProgramme = (typeof PURCHASE_PROGRAMMES)[number];

export type LotTerms = {
  /** Whether the lot has a finish worth naming (flats and premises: yes; a parking space or a storage room: no). */
  finish: boolean;
  /** The purchase programmes that apply to the lot, in the order the purchase menu lists them. */
  programmes: PurchaseProgramme[];
  /**
   * Whether the lot page quotes a monthly mortgage payment at the site's minimum rate: only where the
   * programme that rate belongs to (the subsidised family and IT mortgages) applies, that is flats on sale.
   */
  mortgageQuote: boolean;
};

/**
 * What applies to a kind of lot, from the purchase pages' own terms: the mortgage page finances flats,
 * parking spaces and storage rooms; the family and IT mortgages are for flats only; the developer's
 * instalment plan is open to flats, parking spaces, storage rooms and commercial premises. A lot let for
 * rent is bought by nobody (no programme), and a presale lot has no price to finance yet.
 */
export function lotTerms(lot: { type: LotType; offer: OfferKind }): LotTerms {
  const finish = hasFinish(lot.type);
  if (lot.offer !== 'sale') return { finish, programmes: [], mortgageQuote: false };
  const programmes: PurchaseProgramme[] =
    lot.type === 'flat'
      ? ['mortgage', 'family-mortgage', 'it-mortgage', 'installment']
      : lot.type === 'commercial'
        ? ['installment']
        : ['mortgage', 'installment'];
  return { finish, programmes, mortgageQuote: programmes.includes('family-mortgage') };
}
