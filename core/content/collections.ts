import type { LotCard, Page } from '../catalogue/types.ts';

/** A collection's slug: it is also its page's address (`/{slug}`), so it keeps to the catch-all's characters. */
export const COLLECTION_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * A curated selection of lots (spec §7 `/api/custom_collect/`), with a page of its own at `/{slug}`: a saved lot
 * filter (its canonical query, the one codec of core/catalogue/filter.ts) and/or the lots a curator picked. Counts
 * and lots are live: the catalogue's lot index answers them.
 */
export type CollectionSummary = {
  slug: string;
  title: string;
  description: string;
  /** Lots for sale in it now (free, as the filter shows by default). */
  count: number;
  /** The page of the collection, without the language prefix. */
  url: string;
  /** The same lots in the filter (`/filter?…`), or null for a curator's list the filter cannot express. */
  filterUrl: string | null;
};

export type CollectionDetail = CollectionSummary & {
  /** The page's introduction, paragraph by paragraph. */
  intro: string[];
  lots: Page<LotCard>;
};
