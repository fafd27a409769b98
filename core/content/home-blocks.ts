/**
 * The home page's blocks kept as rows (`home_slides`, `partners`): their kinds and the shapes the demo
 * content and the API share. Browser-safe.
 */
import { buildImageUrl, type ImageSigner } from '../image/url.ts';

/** Who a partner other than a bank is (the banks live in `banks`, shared with the purchase pages). */
export const PARTNER_KINDS = ['architect', 'contractor', 'agency', 'management'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];
/** What the partners answer calls each logo: a partner bank, or one of the partner kinds. */
export const PARTNER_ANSWER_KINDS = ['bank', ...PARTNER_KINDS] as const;
export type PartnerAnswerKind = (typeof PARTNER_ANSWER_KINDS)[number];

/** The selector's budgets (roubles): "up to" steps, each a `price_max` of the lot filter. */
export const SELECTOR_BUDGETS = [10_000_000, 15_000_000, 20_000_000, 30_000_000, 50_000_000] as const;

/** A slide of the main slider in one language. */
export type HomeSlide = {
  id: number;
  title: string;
  text: string;
  /** A path without the language prefix (`/projects/2`) or an absolute URL. */
  link: { url: string; label: string };
  project: { id: string; name: string } | null;
  image: { src: string; width: number; height: number; alt: string };
};

/** A partner's logo in one language (banks and the other partners alike). */
export type HomePartner = {
  id: string;
  kind: PartnerAnswerKind;
  name: string;
  url: string | null;
  logo: { src: string; width: number; height: number; alt: string };
};

/** One choice of the selector with the number of flats choosing it would give (the others kept). */
export type SelectorChoice = { value: string; label: string; count: number };

/** The project selector's state: what is chosen, what each choice would give, and where it leads. */
export type HomeSelector = {
  /** Flats matching the chosen project, rooms and budget: what the filter will show. */
  count: number;
  /** The filter's path with the choices as its query, without the language prefix. */
  filterUrl: string;
  chosen: { project: string | null; rooms: string[]; priceMax: number | null };
  projects: SelectorChoice[];
  rooms: SelectorChoice[];
  budgets: SelectorChoice[];
};

/** Logos are shown this many CSS pixels high, square marks as they are drawn. */
export const PARTNER_LOGO_HEIGHT = 40;

/** A logo through the image proxy, PNG at twice the density (signed when a signer is given): the API's and the page's one URL. */
export function partnerLogoUrl(src: string, sign?: ImageSigner | null): string {
  return buildImageUrl(src, { height: PARTNER_LOGO_HEIGHT, dpr: 2, format: 'png' }, sign ? { sign } : {});
}
