/**
 * The home page's blocks kept as rows (`home_slides`, `partners`): their kinds and the shapes the demo
 * content and the API share. Browser-safe.
 */
import type { CropArea, FocusPoint } from '../image/types.ts';
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
  /** The media library's picture (issue #42): its alt text in the page's language, its crop and focus point. */
  logo: LogoPicture;
};

/**
 * A bank's or partner's logo as the media library describes it (core/image/media.ts `libraryPicture`): its box's size
 * (the crop's share of it when cropped), its alt text in the page's language (the bank's or partner's name where the
 * library has none), the crop and focus point every URL of it carries.
 */
export type LogoPicture = { src: string; width: number; height: number; alt: string; crop?: CropArea | undefined; focus?: FocusPoint | undefined };

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

/**
 * A logo through the image proxy, PNG at twice the density (signed when a signer is given), with the library's crop
 * (`c:`) and focus point (`g:fp:`) as every library picture's URL carries them: the API's and the page's one URL.
 */
export function partnerLogoUrl(logo: Pick<LogoPicture, 'src' | 'crop' | 'focus'>, sign?: ImageSigner | null): string {
  return buildImageUrl(
    logo.src,
    { height: PARTNER_LOGO_HEIGHT, dpr: 2, format: 'png', ...(logo.crop ? { crop: logo.crop } : {}), ...(logo.focus ? { position: logo.focus } : {}) },
    sign ? { sign } : {},
  );
}

/** A logo as a page draws it: its URL and its CSS size at `PARTNER_LOGO_HEIGHT` (the crop's aspect when cropped). */
export function shownLogo(logo: LogoPicture, sign?: ImageSigner | null): { url: string; width: number; height: number; alt: string } {
  return { url: partnerLogoUrl(logo, sign), width: Math.round((logo.width * PARTNER_LOGO_HEIGHT) / logo.height), height: PARTNER_LOGO_HEIGHT, alt: logo.alt };
}
