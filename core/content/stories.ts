/**
 * Stories on phones (spec §7 `/api/stories_mobile/`, `/api/story_cards_mobile/`) and benefits (`/api/benefits_popup/`,
 * `/api/benefits_project_page/`): their kinds and the shapes the demo content, the API and the pages share. Browser-safe.
 */
import { LOT_TYPES, type LotType } from '#core/catalogue/types.ts';

/**
 * The "rare formats" a story may be about (the spec's `rare_format_type`): flats with a terrace, on two levels,
 * penthouses, flats with high ceilings.
 */
export const RARE_FORMATS = ['terrace', 'two_level', 'penthouse', 'high_ceiling'] as const;
export type RareFormat = (typeof RARE_FORMATS)[number];

export const STORY_LOT_TYPES = LOT_TYPES;
export const STORY_CARD_KINDS = ['picture', 'text'] as const;
export type StoryCardKind = (typeof STORY_CARD_KINDS)[number];

/** How long a card shows before the next one when motion is welcome (ms). */
export const STORY_CARD_MS = 6000;

/** A story's ring in one language. */
export type Story = {
  id: number;
  slug: string;
  title: string;
  lotType: LotType | null;
  rareFormat: RareFormat | null;
  /** Where the ring leads without JavaScript (a path without the language prefix): the filter or a page about it. */
  url: string;
  cover: { src: string; width: number; height: number; alt: string };
  cards: number;
};

/** One card of a story in one language. */
export type StoryCard = {
  id: number;
  story: string;
  position: number;
  kind: StoryCardKind;
  title: string;
  text: string;
  image: { src: string; width: number; height: number; alt: string } | null;
  link: { url: string; label: string } | null;
};

/** The icons a benefit may carry (app/components/ui/icon-paths.ts names them). */
export const BENEFIT_ICONS = [
  'key',
  'family',
  'car',
  'tree',
  'percent',
  'building',
  'map-pin',
  'school',
  'calendar',
  'wallet',
  'swap',
  'check',
  'compass',
] as const;
export type BenefitIcon = (typeof BENEFIT_ICONS)[number];

/** A benefit in one language: the project's own, or the developer's (`project` null) shown with every project. */
export type Benefit = { id: number; project: string | null; title: string; text: string; icon: BenefitIcon };
