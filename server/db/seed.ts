import { sql } from 'drizzle-orm';
import { home as demoHomeBlock } from '#content/home.ts';
import { banks as demoBanks, programmes as demoProgrammes } from '#content/purchase.ts';
import { writeOffers } from '../modules/purchase/offers.ts';
import {
  isCatalogueSeeded,
  seedCatalogueIfEmpty,
  seedDemoHistoryIfMissing,
  seedDemoPortalIdsIfMissing,
  seedInsolationIfMissing,
} from '../modules/catalogue/ingest/write.ts';
import { seedDemoAuctionsIfMissing } from '../modules/auctions/demo.ts';
import type { Database, Db, Executor } from './client.ts';
import {
  demoCollections,
  demoFinance,
  demoFlags,
  demoHome,
  demoLandings,
  demoMenus,
  demoOffices,
  demoPages,
  demoPartners,
  demoPublications,
  demoRedirects,
  demoSeo,
  demoSettings,
  demoSlides,
} from './seed-demo.ts';
import { checkedValues, writeHome, writeItems, writeMenus } from './seed-kinds.ts';
import { seedBenefits, seedStories, seedStoriesIfMissing } from './seed-stories.ts';
import { featureFlags, pages } from './schema/index.ts';
import { adoptPictures } from '../modules/content/editor/library.ts';

/** Whether the site content has been seeded (the settings row is its last write, in one transaction). */
export async function isSeeded(db: Db): Promise<boolean> {
  return hasRows(db, 'site_settings');
}

async function hasRows(
  db: Db,
  table:
    | 'site_settings'
    | 'publications'
    | 'content_blocks'
    | 'banks'
    | 'home_slides'
    | 'partners'
    | 'custom_collections'
    | 'multilingual_landings'
    | 'offices'
    | 'feature_flags',
): Promise<boolean> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
  return (rows[0]?.n ?? 0) > 0;
}

/** Writes the demo developer's content in one transaction; a half-seeded database cannot happen. */
export async function seedContent(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    await writeItems(tx, demoRedirects());
    await writeItems(tx, demoPages());
    await writeItems(tx, demoSeo());
    await writeMenus(tx, demoMenus());
    await seedPublications(tx);
    await seedContentBlocks(tx);
    await seedFinance(tx);
    await seedHomeSlides(tx);
    await seedPartners(tx);
    await seedStories(tx);
    await seedBenefits(tx);
    await seedCollections(tx);
    await seedLandings(tx);
    await seedOffices(tx);
    await seedFeatureFlags(tx);
    await writeItems(tx, [demoSettings()]);
  });
  // Every seeded picture in the media library (issue #42), described as its item describes it.
  await adoptPictures(database.db);
}

/** The demo collections: saved filters over the demo catalogue (their lots and counts are live). */
async function seedCollections(db: Executor): Promise<void> {
  await writeItems(db, demoCollections());
}

/** The landings for foreign buyers (English and Chinese). */
async function seedLandings(db: Executor): Promise<void> {
  await writeItems(db, demoLandings());
}

/**
 * The pages for agents and partners, seeded once with the landings (a page of that slug an editor already made is
 * kept).
 */
async function seedAudiencePages(db: Executor): Promise<void> {
  await writeItems(
    db,
    demoPages((p) => p.template === 'agents' || p.template === 'partners'),
    pages.slug,
  );
}

/** The demo editorial blocks (the home page's texts). */
async function seedContentBlocks(db: Executor): Promise<void> {
  await writeHome(db, demoHome(), demoHomeBlock);
}

/** The demo main slider (the home page's first screen). */
async function seedHomeSlides(db: Executor): Promise<void> {
  await writeItems(db, demoSlides());
}

/** The demo partners other than banks, with the logos drawn at first start. */
async function seedPartners(db: Executor): Promise<void> {
  await writeItems(db, demoPartners());
}

/** The demo sales offices with the projects each serves and the photos drawn at first start. */
async function seedOffices(db: Executor): Promise<void> {
  await writeItems(db, demoOffices());
}

/** The demo feature flags and experiments (content/flags.ts); a key already there keeps its row. */
async function seedFeatureFlags(db: Executor): Promise<void> {
  await writeItems(db, demoFlags(), featureFlags.key);
}

/**
 * The demo partner banks and finance programmes, through the offers import's own checks and write (the rows the
 * kinds' bindings write too), each checked by its kind of the back office first.
 */
async function seedFinance(db: Executor): Promise<void> {
  for (const item of demoFinance()) checkedValues(item);
  const report = await writeOffers(db, { banks: demoBanks, programmes: demoProgrammes }, { checkProjects: false });
  if (report.rejected.length) throw new Error(`content/purchase.ts: ${report.rejected.map((r) => `${r.id ?? r.row}: ${r.errors.join('; ')}`).join(' | ')}`);
}

/** The demo promotions, news and press mentions; promotions get ids 1, 2, … in the content's order. */
async function seedPublications(db: Executor): Promise<void> {
  await writeItems(db, demoPublications());
}

/** Whether the database has no catalogue or no site content yet: the first start's seeding is ahead. */
export async function needsFirstSeed(db: Db): Promise<boolean> {
  return !(await isCatalogueSeeded(db)) || !(await isSeeded(db));
}

/** First run: seed the demo content when the database has none. Returns whether it seeded. */
export async function seedIfEmpty(database: Database): Promise<boolean> {
  // The catalogue has its own emptiness check, so a database seeded before it existed still gets one.
  const catalogue = await seedCatalogueIfEmpty(database);
  if (await isSeeded(database.db)) {
    // A database seeded before publications, content blocks, slides, partners or offices existed gets the demo ones too.
    let added = false;
    if (!(await hasRows(database.db, 'publications'))) {
      await database.db.transaction(async (tx) => seedPublications(tx));
      added = true;
    }
    if (!(await hasRows(database.db, 'banks'))) {
      await database.db.transaction(async (tx) => seedFinance(tx));
      added = true;
    }
    if (!(await hasRows(database.db, 'content_blocks'))) {
      await database.db.transaction(async (tx) => seedContentBlocks(tx));
      added = true;
    }
    if (!(await hasRows(database.db, 'home_slides'))) {
      await database.db.transaction(async (tx) => seedHomeSlides(tx));
      added = true;
    }
    if (!(await hasRows(database.db, 'partners'))) {
      await database.db.transaction(async (tx) => seedPartners(tx));
      added = true;
    }
    if (await seedStoriesIfMissing(database)) added = true;
    // A database without the demo buildings' portal ids gets them once (ADR 018).
    if (await seedDemoPortalIdsIfMissing(database)) added = true;
    // A demo database without price history gets the demo's past once (ADR 019).
    if (await seedDemoHistoryIfMissing(database)) added = true;
    // A database without the lots' sun and views computes them once (issue #41, server/modules/insolation).
    if (await seedInsolationIfMissing(database)) added = true;
    if (!(await hasRows(database.db, 'custom_collections'))) {
      await database.db.transaction(async (tx) => seedCollections(tx));
      added = true;
    }
    if (!(await hasRows(database.db, 'multilingual_landings'))) {
      await database.db.transaction(async (tx) => {
        await seedLandings(tx);
        await seedAudiencePages(tx);
      });
      added = true;
    }
    // An empty offices table gets the demo offices once.
    if (!(await hasRows(database.db, 'offices'))) {
      await database.db.transaction(async (tx) => seedOffices(tx));
      added = true;
    }
    // An empty flags table gets the demo flags and experiments once.
    if (!(await hasRows(database.db, 'feature_flags'))) {
      await database.db.transaction(async (tx) => seedFeatureFlags(tx));
      added = true;
    }
    // A database without the demo's auctions gets them once (ADR 020).
    if (await seedDemoAuctionsIfMissing(database)) added = true;
    return catalogue || added;
  }
  await seedContent(database);
  await seedDemoAuctionsIfMissing(database);
  return true;
}
