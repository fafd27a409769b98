import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';
import { demoBenefits, demoStories } from './seed-demo.ts';
import { writeItems } from './seed-kinds.ts';

/**
 * The demo stories (with their cards) and benefits, seeded with the rest of the content on first run and, one table
 * at a time, into a database seeded before they existed (seed.ts calls both).
 */
export async function seedStories(db: Executor): Promise<void> {
  await writeItems(db, demoStories());
}

export async function seedBenefits(db: Executor): Promise<void> {
  await writeItems(db, demoBenefits());
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
