import type { OfficeView } from '../content/offices.ts';
import type { PictureImageSets } from '../image/usages.ts';
import type { CropArea, FocusPoint } from '../image/types.ts';
import type { WindowViews } from '../insolation/types.ts';

/**
 * The catalogue's contract: what the catalogue service returns to pages (in-process) and the API returns
 * to browsers (JSON). Localised texts are already in the requested language. Prices in roubles (integers),
 * areas in m², ids are strings in URLs (buildingId etc. match [A-Za-z0-9_-]+).
 */
export const PROJECT_STATUSES = ['completed', 'construction', 'presale'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const LOT_TYPES = ['flat', 'parking', 'pantry', 'commercial'] as const;
export type LotType = (typeof LOT_TYPES)[number];
/**
 * A lot's one commercial state (DESIGN "A lot has one commercial state"), decided once in the catalogue's snapshot
 * from the lot's row and its auction (server/modules/catalogue/lot-state.ts) and read by every surface: `free` — on
 * sale (the only lots any "for sale" figure counts), `booked` by the sales team, `sold` (an auction that ended sold
 * included), `auction` — announced or live (`LotCard.auction` says which, its start price, best bid and end; such a
 * lot shows its auction, never a list price). Premises let for rent are `free` with the offer `rent` (`lotState()`
 * names them `rent`). An auction that ended unsold gives the lot back its own status. An online reservation (issue #39,
 * docs/guides/reservations.md) makes a free lot `held` while its buyer pays (minutes; shown to the public as reserved,
 * without a date) and `reserved` once the deposit is paid, until its end (`LotCard.reservedUntil`): neither is for sale.
 * Appended: the others keep their indices.
 */
export const LOT_STATUSES = ['free', 'booked', 'sold', 'auction', 'held', 'reserved'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];
/**
 * The statuses the filter offers: a held lot is shown as reserved (its hold lasts minutes), so it is found under
 * `reserved` and `held` is no choice of its own (`filterStatus`).
 */
export const FILTER_LOT_STATUSES = ['free', 'booked', 'sold', 'auction', 'reserved'] as const satisfies readonly LotStatus[];
export type FilterLotStatus = (typeof FILTER_LOT_STATUSES)[number];
export const filterStatus = (status: LotStatus): FilterLotStatus => (status === 'held' ? 'reserved' : status);

/** The phases of a lot's auction its card shows (ADR 020): announced (scheduled) or live. */
export const LOT_AUCTION_PHASES = ['announced', 'live'] as const;
export type LotAuctionPhase = (typeof LOT_AUCTION_PHASES)[number];

/** A lot's auction as its card and page show it in place of a list price: roubles, ISO instants. */
export type LotAuction = {
  id: number;
  phase: LotAuctionPhase;
  startPrice: number;
  /** The best accepted bid; null before the first. */
  bestAmount: number | null;
  startsAt: string;
  endsAt: string;
  /** The auction's page (unprefixed). */
  url: string;
};

/** The state every surface names: the status, with premises let for rent (free, offer `rent`) as `rent`. */
export type LotState = LotStatus | 'rent';
export function lotState(lot: { status: LotStatus; offer: OfferKind }): LotState {
  return lot.status === 'free' && lot.offer === 'rent' ? 'rent' : lot.status;
}
/**
 * Whether a lot shows its list price: not once sold, nor while in an auction (its card shows the auction instead); a
 * booked or reserved lot shows the price it is taken at (the booking may fall through).
 */
export const showsListPrice = (lot: { status: LotStatus }): boolean =>
  lot.status === 'free' || lot.status === 'booked' || lot.status === 'held' || lot.status === 'reserved';
/**
 * The price a lot is offered at, as every surface states it (its one commercial state): in an auction, the best bid
 * or else the start price; otherwise its list price while it shows one (`showsListPrice`), none once sold. For
 * premises let for rent (offer `rent`) it is the monthly rent, never a sale price. The lead e-mail and webhook
 * (server/modules/leads/submit.ts) and the CRM card (server/modules/crm/facts.ts) both say this one.
 */
export function offeredPrice(lot: { status: LotStatus; price: number; auction: Pick<LotAuction, 'bestAmount' | 'startPrice'> | null }): number | null {
  if (lot.auction) return lot.auction.bestAmount ?? lot.auction.startPrice;
  return showsListPrice(lot) ? lot.price : null;
}
/** "For sale", everywhere: a free lot offered for sale (not for rent, not before the sales start, not in an auction). */
export const isForSale = (lot: { status: LotStatus; offer: OfferKind }): boolean => lot.status === 'free' && lot.offer === 'sale';
export const FINISHES = ['none', 'whitebox', 'finished', 'furnished'] as const;
export type Finish = (typeof FINISHES)[number];

/**
 * How a lot is offered: `sale` — on sale; `rent` — premises let for rent (`type_of_advertisement=rent`: the price
 * is the monthly rent, never a sale price); `presale` — a lot of a project whose sales have not started.
 * `offerKind()` in offer.ts decides it.
 */
export const OFFER_KINDS = ['sale', 'rent', 'presale'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/**
 * A picture: a media path for the image proxy (`<Image picture>`), with its intrinsic size; loaders attach
 * signed URLs (`imageSets`) when image URLs are signed.
 */
/** A picture of a page: its `crop` and `focus` are a media library picture's look (core/image/media.ts), on every URL made of it. */
export type Picture = {
  src: string;
  width: number;
  height: number;
  alt: string;
  crop?: CropArea | undefined;
  focus?: FocusPoint | undefined;
  imageSets?: PictureImageSets | undefined;
};

export type ProjectCard = {
  id: string;
  shortSlug: string;
  shared: boolean;
  name: string;
  tagline: string;
  status: ProjectStatus;
  district: string;
  address: string;
  /** e.g. '2027-Q4'; null for completed projects */
  completion: string | null;
  completionLabel: string;
  image: Picture;
  /** Lots on sale (free): never premises let for rent, which `lotsForRent` counts apart. */
  lotsLeft: number;
  lotsLeftByType: Partial<Record<LotType, number>>;
  /** Premises offered for rent (free). */
  lotsForRent: number;
  /** Lots for sale booked by the sales team or reserved online: shown as booked beside the lots for sale, never counted with them. */
  lotsBooked: number;
  minPrice: number | null;
  url: string;
};

export type ProjectDetail = ProjectCard & {
  description: string;
  renderVsPhoto: { render: Picture; photo: Picture } | null;
  indicators: { value: string; label: string }[];
  about: string[];
  infrastructure: { kind: string; name: string; distance: string }[];
  gallery: Picture[];
  /** Construction reports, newest first. */
  progress: ProgressEntry[];
  offices: Office[];
  purchaseInfo: { method: string; title: string; text: string }[];
  presentationUrl: string | null;
  genplan: { image: Picture; buildings: { id: string; name: string; outline: string; lotsLeft: number; url: string }[] };
};

/**
 * The project as its page's data carries it: its static sections' figures, texts and reports are not in it, nor the
 * description its JSON-LD gives search engines (ADR 043);
 * its offices are the cards' (app/components/offices/office-card.tsx), without what those do not show.
 */
export type ProjectShown = Omit<ProjectDetail, 'indicators' | 'about' | 'description' | 'infrastructure' | 'progress' | 'offices'> & {
  offices: Omit<ProjectDetail['offices'][number], 'hours' | 'lat' | 'lng' | 'projects'>[];
};

/** A building's completion: the quarter now planned and, when the deadline moved, the one first announced. */
export type CompletionMove = {
  completion: string | null;
  completionLabel: string;
  /** The quarter first announced, only when it differs from `completion`. */
  originalCompletion: string | null;
  originalCompletionLabel: string | null;
};

export type ProgressBuilding = CompletionMove & {
  id: string;
  name: string;
  floorsCount: number;
  floorsBuilt: number;
  percent: number;
  url: string;
};

export type ProgressPhoto = Picture & { caption: string | null };

export type ProgressEntry = {
  id: string;
  projectId: string;
  projectName: string;
  /** 'YYYY-MM' */
  month: string;
  /** «Ход строительства, ноябрь 2026» */
  title: string;
  text: string;
  photos: ProgressPhoto[];
  buildings: ProgressBuilding[];
  /** The report's page (unprefixed). */
  url: string;
};

export type ProgressLink = { id: string; month: string; title: string; url: string };
export type ProgressReport = ProgressEntry & { projectUrl: string; previous: ProgressLink | null; next: ProgressLink | null };

/** A project's sales offices: the offices table's (core/content/offices.ts). */
export type Office = OfficeView;

export type BuildingDetail = {
  id: string;
  projectId: string;
  name: string;
  status: ProjectStatus;
  completionLabel: string;
  /** The quarter first announced when the deadline moved (its label: `originalCompletionLabel`). */
  originalCompletion: string | null;
  originalCompletionLabel: string | null;
  floorsCount: number;
  facade: {
    image: Picture;
    floors: {
      number: number;
      top: number;
      height: number;
      lotsLeft: number;
      /** Optional (screens): the floor page this band opens (e.g. the first section with that floor); without it the band opens the filter on that floor. */
      url?: string;
    }[];
  };
  sections: { id: string; number: number; floorsCount: number; lotsLeft: number; url: string }[];
  lotsSummary: { type: LotType; rooms: number | null; count: number; minPrice: number | null; minArea: number | null }[];
  url: string;
};

export type SectionDetail = {
  id: string;
  number: number;
  buildingId: string;
  projectId: string;
  /** top floor first, as buyers read a building */
  floors: { id: string; number: number; url: string; cells: (ChessCell | null)[] }[];
  risers: number;
  url: string;
};

export type FloorDetail = {
  id: string;
  number: number;
  sectionId: string;
  buildingId: string;
  projectId: string;
  plan: Picture;
  /** each lot with its outline on the plan: SVG path data in the plan's pixel space */
  lots: (ChessCell & { shape: string })[];
  neighbours: { below: { number: number; url: string } | null; above: { number: number; url: string } | null };
  floors: { number: number; url: string }[];
  url: string;
};

export type LotCard = {
  id: string;
  number: string;
  type: LotType;
  status: LotStatus;
  /** How the lot is offered (`offerKind`): a rented lot's `price` is the monthly rent and `pricePerM2` the monthly rent per m². */
  offer: OfferKind;
  projectId: string;
  projectName: string;
  projectShortSlug: string;
  buildingId: string;
  buildingName: string;
  sectionId: string;
  sectionNumber: number;
  floorId: string;
  floor: number;
  /** rooms: 0 = studio; null for non-residential lots */
  rooms: number | null;
  euro: boolean;
  area: number;
  livingArea: number | null;
  kitchenArea: number | null;
  price: number;
  pricePerM2: number;
  oldPrice: number | null;
  finish: Finish;
  ceiling: number;
  /** What its windows look at, in the page's language: the tags of `LotDetail.windowViews` together (null: no windows). */
  view: string | null;
  completion: string | null;
  plan: Picture;
  url: string;
  /** "From N ₽ a month": the lowest monthly payment among the finance programmes that apply, at the default terms; null where none applies (rent, presale). */
  payment: LotPayment | null;
  /** How much the price fell in the last 30 days, whole percent (core/catalogue/price-history.ts `priceDrop30d`); null: it did not. */
  priceDrop30d: number | null;
  /** Booked since Moscow midnight today (from the lot's history). */
  bookedToday: boolean;
  /** The lot's auction while it is announced or live (status `auction`): shown in place of the price; null otherwise. */
  auction: LotAuction | null;
  /** While the lot is reserved online (status `reserved`), the reservation's end (ISO instant): «Забронирован до 12 декабря»; null otherwise. */
  reservedUntil: string | null;
};

/**
 * A chessboard cell: the part of a lot's card the section's grid and the floor plan show, name and match against the
 * visitor's filter (app/components/catalogue/lot-match.ts), and nothing more. A section holds a hundred lots or more, and
 * whatever a page's data carries is sent twice, in its HTML and in its hydration data.
 */
export type ChessCell = Pick<
  LotCard,
  | 'id'
  | 'number'
  | 'type'
  | 'status'
  | 'offer'
  | 'projectId'
  | 'buildingId'
  | 'floor'
  | 'rooms'
  | 'euro'
  | 'area'
  | 'price'
  | 'pricePerM2'
  | 'oldPrice'
  | 'finish'
  | 'completion'
  | 'url'
> & {
  /** A reserved lot's reservation end (its card's `reservedUntil`), present only then: the grid's cells carry no nulls for it. */
  reservedUntil?: string | null;
  /**
   * Its sun on 21 March and the norm's verdict (`LotSun`, lot_insolation), present only on a section asked with the
   * sun layer (`?layer=sun`) and for a lot with figures: the grid's default weight carries none of it.
   */
  sun?: Pick<LotSun, 'march' | 'normMet'>;
};

/**
 * A lot's card as a page's data carries it (the grid's card, the list's row: app/components/catalogue/lot-card.tsx,
 * lot-row.tsx): what the card shows, links to and marks, and nothing more. A page's data is sent twice, in its HTML and
 * in its hydration data, and the full `LotCard` (section, floor, ceiling, areas, the payment's programme…) was two
 * fifths of the filter page's hydration data. Made by `lotCardView`.
 */
export type LotCardView = Pick<
  LotCard,
  | 'id'
  | 'number'
  | 'type'
  | 'status'
  | 'offer'
  | 'projectName'
  | 'buildingName'
  | 'floor'
  | 'rooms'
  | 'euro'
  | 'area'
  | 'price'
  | 'pricePerM2'
  | 'oldPrice'
  | 'finish'
  | 'plan'
  | 'url'
  | 'priceDrop30d'
  | 'bookedToday'
  | 'auction'
  | 'reservedUntil'
> & {
  payment: CardPayment | null;
};

/** What a card's "from N ₽ a month" says (`catalogueFormat(…).payment`): the figure, and the programme, bank and rate that give it. */
export type CardPayment = Pick<LotPayment, 'monthly' | 'programmeName' | 'kind' | 'bankName' | 'rate' | 'downPaymentPercent'>;

/** The fields of `LotCard` a card does not show. Every field is on the card or here: a new field must choose. */
type NotOnTheCard =
  | 'projectId'
  | 'projectShortSlug'
  | 'buildingId'
  | 'sectionId'
  | 'sectionNumber'
  | 'floorId'
  | 'livingArea'
  | 'kitchenArea'
  | 'ceiling'
  | 'view'
  | 'completion';
const _everyCardFieldSorted: [Exclude<keyof LotCard, keyof LotCardView | NotOnTheCard>] extends [never] ? true : never = true;

/** A lot's card for a page's data (`LotCardView`), with what the page added to it (a reserve link). */
export function lotCardView<T extends LotCard>(lot: T): Omit<T, NotOnTheCard | 'payment'> & { payment: CardPayment | null } {
  const {
    projectId: _projectId,
    projectShortSlug: _projectShortSlug,
    buildingId: _buildingId,
    sectionId: _sectionId,
    sectionNumber: _sectionNumber,
    floorId: _floorId,
    livingArea: _livingArea,
    kitchenArea: _kitchenArea,
    ceiling: _ceiling,
    view: _view,
    completion: _completion,
    payment,
    ...card
  } = lot satisfies Pick<LotCard, NotOnTheCard>;
  return {
    ...card,
    payment: payment && {
      monthly: payment.monthly,
      programmeName: payment.programmeName,
      kind: payment.kind,
      bankName: payment.bankName,
      rate: payment.rate,
      downPaymentPercent: payment.downPaymentPercent,
    },
  };
}

/**
 * A lot's lowest monthly payment (core/purchase, at `DEFAULT_TERMS` clamped into the programme's bounds) with the
 * programme that gives it: one computation for the card, the lot page, the comparison, the PDF and the CRM.
 */
export type LotPayment = {
  /** Whole roubles a month (the bank's kopeck amount rounded up). */
  monthly: number;
  programmeId: string;
  programmeName: string;
  kind: 'mortgage' | 'special' | 'installment';
  mortgageKind: 'standard' | 'family' | 'it' | 'military' | 'subsidised' | null;
  bankName: string | null;
  /** Annual rate, % (0 for an instalment plan). */
  rate: number;
  /** An instalment plan's markup, %. */
  markup: number;
  downPayment: number;
  downPaymentPercent: number;
  termMonths: number;
};

/**
 * A lot's sun (lot_insolation, core/insolation): minutes of direct sun on its windows on 21 March, 22 June and
 * 22 December, and whether it meets the insolation norm (SanPiN 1.2.3685-21) in one of the variants the norm allows.
 */
export type LotSun = { march: number; june: number; december: number; normMet: boolean };

export type LotDetail = LotCard & {
  windows: string[];
  features: string[];
  /** Its sun (lot_insolation); null for a lot without windows or not yet computed. */
  sun: LotSun | null;
  /** View tags per window side, codes (`WindowViews`, core/insolation/types.ts); empty when none is known. */
  windowViews: WindowViews;
  /** `advertisement`: offered for sale or for rent (`type_of_advertisement` on the commercial endpoints). */
  commercial: { purpose: string; separateEntrance: boolean; powerKw: number; advertisement?: 'sale' | 'rent' } | null;
  floorPlan: { image: Picture; shape: string };
  similar: LotCard[];
  /** Optional (screens): the lot's PDF sheet; without it the lot page offers the browser's print-to-PDF of its print layout. */
  sheetUrl?: string | null;
  /** Optional (screens): few lots left in its section (core `fewLeft`); null otherwise. */
  sectionLeft?: SectionLeft | null;
};

/** A lot's recorded prices and statuses (ADR 019), oldest first, with today's 30-day drop. */
export type PriceHistory = {
  lotId: string;
  price: number;
  status: LotStatus;
  /** The card's figure (LotCard.priceDrop30d). */
  priceDrop30d: number | null;
  points: { at: string; price: number; status: LotStatus }[];
};

/** A project's average price per m² of flats on sale at each month's end, by kind ('0' studio … '4' four and more rooms). */
export type ProjectPriceByMonth = {
  months: string[];
  kinds: { kind: '0' | '1' | '2' | '3' | '4'; values: (number | null)[] }[];
};

/** "4 of 36 left in this section": lots on sale still free, of all the section's lots on sale (said when few are left: FEW_LEFT). */
export type SectionLeft = { left: number; total: number };

/** Spec §3 "Specs": each filter item with name and either choices, ranges, or range (min and max). */
export type SpecItem =
  | { name: string; label: string; kind: 'choices'; choices: { value: string; label: string }[] }
  | { name: string; label: string; kind: 'range'; range: { min: number; max: number }; unit?: string; hint?: string }
  | { name: string; label: string; kind: 'ranges'; ranges: { min: number; max: number; label: string }[] }
  | { name: string; label: string; kind: 'boolean' };

/** Facets for the current filter: the count and, per item, what is still available with counts. */
export type Facets = {
  count: number;
  items: Record<string, { choices?: Record<string, number>; range?: { min: number; max: number } | null; count?: number }>;
};

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
