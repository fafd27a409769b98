import { asc, eq, inArray } from 'drizzle-orm';
import type { Benefit, RareFormat, Story, StoryCard } from '#core/content/stories.ts';
import type { LotType } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { pick } from '#core/schemas/localized.ts';
import { described, libraryPicture } from '#core/image/media.ts';
import type { Db } from '../../db/client.ts';
import { benefits, media, stories, storyCards } from '../../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

/** Which stories' cards to give: a story's own slug or a kind of lot (`slug`), and a rare format. */
export type StoryCardsQuery = { slug?: string | undefined; rareFormat?: RareFormat | undefined };

/** Where a benefit is said: the "why this project" dialog, or the project page's section. */
export type BenefitPlace = 'popup' | 'page';

/**
 * Stories on phones (rings, then the cards of the one opened) and benefits (a project's own, then the developer's),
 * read through the shared cache: the page keeps its last good copy while the database is away.
 */
export function createStoriesService(db: Db, policy: CachePolicy = STRICT_POLICY) {
  const storyRows = cached(
    async () => {
      const rows = await db.select().from(stories).where(eq(stories.published, true)).orderBy(asc(stories.position), asc(stories.id));
      const cards = rows.length
        ? await db
            .select()
            .from(storyCards)
            .where(
              inArray(
                storyCards.storyId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(asc(storyCards.storyId), asc(storyCards.position), asc(storyCards.id))
        : [];
      // The pictures' looks and descriptions from the media library (issue #42), by their numbers there.
      const ids = [...new Set([...rows.map((r) => r.coverMediaId), ...cards.map((c) => c.imageMediaId)].filter((id): id is number => id !== null))];
      const looks = new Map(
        (ids.length
          ? await db.select({ id: media.id, alt: media.alt, crop: media.crop, focus: media.focus }).from(media).where(inArray(media.id, ids))
          : []
        ).map(({ id, ...look }) => [id, look] as const),
      );
      const look = (id: number | null) => (id === null ? null : (looks.get(id) ?? null));
      return rows.map((story) => ({ story, look, cards: cards.filter((c) => c.storyId === story.id) }));
    },
    30_000,
    policy,
    'stories',
  );
  const benefitRows = cached(
    async () => db.select().from(benefits).where(eq(benefits.published, true)).orderBy(asc(benefits.position), asc(benefits.id)),
    30_000,
    policy,
    'benefits',
  );

  return {
    /** The published stories in one language, in their order, each with its number of cards. */
    async stories(locale: Locale): Promise<Story[]> {
      return (await storyRows.get())
        .filter(({ cards }) => cards.length > 0)
        .map(({ story, cards, look }) => ({
          id: story.id,
          slug: story.slug,
          title: pick(story.title, locale),
          lotType: story.lotType,
          rareFormat: story.rareFormat,
          url: story.url,
          cover: described(
            libraryPicture({ src: story.cover, width: story.coverWidth, height: story.coverHeight }, look(story.coverMediaId), locale, ''),
            story.coverAlt,
            locale,
          ),
          cards: cards.length,
        }));
    },

    /** The slugs and lot kinds a `slug` may name (the API refuses any other). */
    async slugs(): Promise<{ stories: string[]; lotTypes: LotType[] }> {
      const rows = await storyRows.get();
      return { stories: rows.map((r) => r.story.slug), lotTypes: [...new Set(rows.flatMap((r) => (r.story.lotType ? [r.story.lotType] : [])))] };
    },

    /**
     * The cards of the stories matching the query, story after story in their order: `slug` names a story or a kind of
     * lot (the spec's `slug=flat`), `rareFormat` one rare format of it; nothing asked, every story's cards.
     */
    async cards(locale: Locale, q: StoryCardsQuery = {}): Promise<StoryCard[]> {
      return (await storyRows.get())
        .filter(({ story }) => !q.slug || story.slug === q.slug || story.lotType === q.slug)
        .filter(({ story }) => !q.rareFormat || story.rareFormat === q.rareFormat)
        .flatMap(({ story, cards, look }) =>
          cards.map((card, position) => ({
            id: card.id,
            story: story.slug,
            position,
            kind: card.kind,
            title: pick(card.title, locale),
            text: pick(card.text, locale),
            image:
              card.image && card.imageWidth && card.imageHeight && card.imageAlt
                ? described(
                    libraryPicture({ src: card.image, width: card.imageWidth, height: card.imageHeight }, look(card.imageMediaId), locale, ''),
                    card.imageAlt,
                    locale,
                  )
                : null,
            link: card.linkUrl && card.linkLabel ? { url: card.linkUrl, label: pick(card.linkLabel, locale) } : null,
          })),
        );
    },

    /**
     * A project's benefits said in `place`, in one language: the project's own, then the developer's (said with every
     * project). Without a project, the developer's alone.
     */
    async benefits(locale: Locale, projectId: number | null, place: BenefitPlace): Promise<Benefit[]> {
      const rows = await benefitRows.get();
      const said = rows.filter((b) => (place === 'popup' ? b.inPopup : b.onPage));
      const own = projectId === null ? [] : said.filter((b) => b.projectId === projectId);
      const developer = said.filter((b) => b.projectId === null);
      return [...own, ...developer].map((b) => ({
        id: b.id,
        project: b.projectId === null ? null : String(b.projectId),
        title: pick(b.title, locale),
        text: pick(b.text, locale),
        icon: b.icon,
      }));
    },

    invalidate() {
      storyRows.invalidate();
      benefitRows.invalidate();
    },
  };
}
export type StoriesService = ReturnType<typeof createStoriesService>;
