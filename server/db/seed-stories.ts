import { sql } from 'drizzle-orm';
import { benefits as demoBenefits } from '#content/benefits.ts';
import { stories as demoStories } from '#content/stories.ts';
import type { Database, Executor } from './client.ts';
import { benefits, stories, storyCards } from './schema/index.ts';

/**
 * The demo stories (with their cards) and benefits, seeded with the rest of the content on first run and, one table
 * at a time, into a database seeded before they existed (seed.ts calls both).
 */
export async function seedStories(db: Executor): Promise<void> {
  for (const [position, story] of demoStories.entries()) {
    const [row] = await db
      .insert(stories)
      .values({
        slug: story.slug,
        position,
        title: story.title,
        lotType: story.lotType,
        rareFormat: story.rareFormat,
        url: story.url,
        cover: story.cover.src,
        coverWidth: story.cover.width,
        coverHeight: story.cover.height,
        coverAlt: story.cover.alt,
      })
      .returning({ id: stories.id });
    await db.insert(storyCards).values(
      story.cards.map((card, cardPosition) => ({
        storyId: row!.id,
        position: cardPosition,
        kind: card.image ? ('picture' as const) : ('text' as const),
        title: card.title,
        text: card.text,
        image: card.image?.src ?? null,
        imageWidth: card.image?.width ?? null,
        imageHeight: card.image?.height ?? null,
        imageAlt: card.image?.alt ?? null,
        linkUrl: card.link?.url ?? null,
        linkLabel: card.link?.label ?? null,
      })),
    );
  }
}

export async function seedBenefits(db: Executor): Promise<void> {
  await db.insert(benefits).values(
    demoBenefits.map((b, position) => ({
      projectId: b.project,
      position,
      title: b.title,
      text: b.text,
      icon: b.icon,
      inPopup: b.inPopup ?? true,
      onPage: b.onPage ?? true,
    })),
  );
}

async function isEmpty(db: Executor, table: 'stories' | 'benefits'): Promise<boolean> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return (rows[0]?.n ?? 0) === 0;
}

/** A database seeded before stories or benefits existed gets the demo ones; returns whether it added any. */
export async function seedStoriesIfMissing(database: Database): Promise<boolean> {
  let added = false;
  if (await isEmpty(database.db, 'stories')) {
    await database.db.transaction(async (tx) => seedStories(tx));
    added = true;
  }
  if (await isEmpty(database.db, 'benefits')) {
    await database.db.transaction(async (tx) => seedBenefits(tx));
    added = true;
  }
  return added;
}
