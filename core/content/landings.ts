import type { Locale } from '../i18n/locales.ts';

/** A landing's slug (its page is `/{locale}/{slug}`). */
export const LANDING_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** A titled text of a landing: a heading and its paragraphs. */
export type LandingSection = { title: string; paragraphs: string[] };

/**
 * A multilingual landing (spec §1, §7 `/api/multilingual_landing/{slug}/`): a page for foreign buyers in their own
 * language, written once per language (not a translation of one text: each version says what its readers ask).
 * Its sections are the developer's guidance on the general process, marked as such, never legal or tax advice.
 */
export type LandingContent = {
  /** The page's title and description (for search engines and the browser tab). */
  title: string;
  description: string;
  hero: { kicker: string; title: string; lead: string };
  /** The managers who speak the language, and when they call back. */
  promise: { title: string; text: string; points: string[] };
  steps: { title: string; items: { title: string; text: string }[] };
  payment: LandingSection;
  signing: LandingSection;
  taxes: LandingSection;
  /** The note that the texts are general guidance, shown with the sections it qualifies. */
  guidance: string;
  faq: { title: string; items: { question: string; answer: string }[] };
  form: { title: string; lead: string };
};

export type Landing = LandingContent & {
  slug: string;
  locale: Locale;
  /** The page's path without the language prefix (`/buy-in-moscow`): it is shown in the languages of `locales` only. */
  url: string;
  /** The languages this landing is written in (its hreflang alternates). */
  locales: Locale[];
  updatedAt: string;
};
