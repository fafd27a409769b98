/**
 * The features pages ask for by name, and the attribute experiments hash: without zod, so a page that reads a flag
 * does not load the schemas of core/flags/features.ts (ADR 027).
 */

/** The stories block on the home page (phones): on by default. */
export const HOME_STORIES = 'home-stories';
/** The home hero's call to action: which wording the button carries (an experiment). */
export const HOME_HERO_CTA = 'home-hero-cta';
/** The hero's wordings, each a message of the locale catalogs (`home.heroCta.{variant}`). */
export const HERO_CTA_VARIANTS = ['find', 'project'] as const;
export type HeroCtaVariant = (typeof HERO_CTA_VARIANTS)[number];

export function isHeroCtaVariant(value: unknown): value is HeroCtaVariant {
  return typeof value === 'string' && (HERO_CTA_VARIANTS as readonly string[]).includes(value);
}

/** The attribute experiments hash (the visitor id of cookie `vid`, core/tracking/visitor.ts). */
export const HASH_ATTRIBUTE = 'id';

/** A feature's value as the payload carries it (any JSON). */
export type FeatureValue = string | number | boolean | null | FeatureValue[] | { [key: string]: FeatureValue };

/**
 * The values of the features a page reads, evaluated by the server for the visitor it renders for (ADR 015, 027):
 * what the page renders with, on the server and while hydrating, until the browser's SDK has loaded.
 */
export type FeatureValues = Record<string, FeatureValue>;
