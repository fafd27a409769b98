/**
 * Promotions, news and press mentions ("publications"): what the content service returns to pages and the
 * API returns to browsers, texts already in the requested language. Promotions are addressed by number
 * (`/promo/12`), news by slug (`/news/sales-start-zvezdny`); press items link out to the outlet's article.
 */
import type { LotType, Picture } from '../catalogue/types.ts';

export const PUBLICATION_KINDS = ['promo', 'news', 'massmedia'] as const;
export type PublicationKind = (typeof PUBLICATION_KINDS)[number];

/** The filter items of a publication list (`/api/{kind}/specs/`), each a comma list in the query. */
export const PUBLICATION_FILTER_ITEMS = ['project', 'realty_types', 'year'] as const;
export type PublicationFilterItem = (typeof PUBLICATION_FILTER_ITEMS)[number];
export type PublicationQuery = { project: string[]; realty_types: LotType[]; year: string[] };

export type PublicationCard = {
  id: string;
  kind: PublicationKind;
  slug: string;
  title: string;
  lead: string;
  /** A short highlight for promotions ("−10 %", "0 %"); empty when there is none. */
  badge: string;
  image: Picture;
  /** ISO date (yyyy-mm-dd) it was published. */
  publishedAt: string;
  /** Promotions: the last day of the offer (ISO date), null when open-ended. */
  endsAt: string | null;
  /** Promotions: the last day has passed (Moscow time); the page stays and says so. */
  ended: boolean;
  project: { id: string; name: string; url: string } | null;
  realtyTypes: LotType[];
  /** Press items: the outlet and the article's address; null for our own pages. */
  source: { name: string; url: string } | null;
  /** The page on this site (locale-free path), or the outlet's article for press items. */
  url: string;
};

export type PublicationDetail = PublicationCard & {
  /** Rich text (HTML of core/content/rich-text.ts's elements), cleaned by the server. */
  body: string;
  /** When the item was last changed (ISO timestamp), never before the day it was published. */
  updatedAt: string;
  /** Where the reader goes next: the lots the offer applies to, as a lot-filter query (`type=parking&project=2`). */
  filterQuery: string | null;
  related: PublicationCard[];
};

/** Promotions are addressed by their id (core/schemas/id.ts `isId`) or slug; news by slug: lower-case words joined by hyphens. */
export const PUBLICATION_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
