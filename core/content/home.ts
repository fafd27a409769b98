import { z } from 'zod';
import type { Locale } from '../i18n/locales.ts';
import { localizedSchema, pick } from '../schemas/localized.ts';
import { safeText } from '../schemas/text.ts';

/**
 * The home page's editorial texts in three languages, as the database keeps them (`content_blocks`, key
 * `home`; seeded from the demo content). Checked on every read, so a hand edit that breaks the shape is
 * refused where it is read, not rendered half.
 *
 * Two blocks are language-specific (spec §1): `app` (the residents' mobile app) exists in Russian only and
 * `englishManagers` (English-speaking managers call foreign buyers back) in English and Chinese only. An
 * empty text means "not in this language": those two never fall back to another language.
 */
const titled = z.object({ title: localizedSchema, description: localizedSchema });

export const homeContentSchema = z.object({
  hero: z.object({ title: localizedSchema, subtitle: localizedSchema, cta: localizedSchema, imageAlt: localizedSchema }),
  /** The project selector's heading; absent (a row written before it was data), the catalog's words. */
  selector: z.object({ title: localizedSchema, lead: localizedSchema }).optional(),
  advantages: z.array(titled),
  /** The first four are visible; the others appear when the block is expanded. */
  indicators: z.array(z.object({ value: safeText(), label: localizedSchema })),
  presentation: z.object({ title: localizedSchema, description: localizedSchema, fileLabel: localizedSchema }),
  renderVsPhoto: z.object({ title: localizedSchema, description: localizedSchema, renderLabel: localizedSchema, photoLabel: localizedSchema }),
  app: titled,
  englishManagers: titled,
});
export type HomeContent = z.infer<typeof homeContentSchema>;

type Titled = { title: string; description: string };

/** What the home page shows in one language (only the visitor's language leaves the server). */
export type HomeTexts = {
  hero: { title: string; subtitle: string; cta: string; imageAlt: string };
  /** The selector's heading in this language; null where it has none (the page says the catalog's words). */
  selector: { title: string | null; lead: string | null };
  advantages: Titled[];
  indicators: { value: string; label: string }[];
  /** Russian only. */
  app: Titled | null;
  /** English and Chinese only. */
  englishManagers: Titled | null;
};

export function homeTexts(content: HomeContent, locale: Locale): HomeTexts {
  const own = (block: { title: { ru: string; en: string; zh: string }; description: { ru: string; en: string; zh: string } }) =>
    block.title[locale] ? { title: block.title[locale], description: block.description[locale] } : null;
  return {
    hero: {
      title: pick(content.hero.title, locale),
      subtitle: pick(content.hero.subtitle, locale),
      cta: pick(content.hero.cta, locale),
      imageAlt: pick(content.hero.imageAlt, locale),
    },
    selector: { title: content.selector?.title[locale] || null, lead: content.selector?.lead[locale] || null },
    advantages: content.advantages.map((item) => ({ title: pick(item.title, locale), description: pick(item.description, locale) })),
    indicators: content.indicators.map((item) => ({ value: item.value, label: pick(item.label, locale) })),
    app: own(content.app),
    englishManagers: own(content.englishManagers),
  };
}
