import { sql } from 'drizzle-orm';
import type { MenuLink, PageContent } from '#content/types.ts';
import { demoCollections } from '#content/collections.ts';
import { demoFlags } from '#content/flags.ts';
import { demoLandings } from '#content/landings.ts';
import { home as demoHome } from '#content/home.ts';
import * as demoHomeBlocks from '#content/home-blocks.ts';
import { offices as demoOffices } from '#content/offices.ts';
import { officeWeekSchema } from '#core/content/office-schemas.ts';
import { OFFICE_PHOTO_SIZE, officePhotoSrc } from '../modules/offices/photos.ts';
import { publications as demoPublications } from '#content/publications.ts';
import { blocksToHtml } from '#core/content/rich-text.ts';
import * as demoFinance from '#content/purchase.ts';
import { writeOffers } from '../modules/purchase/offers.ts';
import { partnerLogoSrc } from '../modules/home/partner-logos.ts';
import * as site from '#content/site.ts';
import { isCatalogueSeeded, seedCatalogueIfEmpty, seedDemoHistoryIfMissing, seedDemoPortalIdsIfMissing } from '../modules/catalogue/ingest/write.ts';
import { seedDemoAuctionsIfMissing } from '../modules/auctions/demo.ts';
import type { Database, Db, Executor } from './client.ts';
import { seedBenefits, seedStories, seedStoriesIfMissing } from './seed-stories.ts';
import {
  contentBlocks,
  customCollections,
  featureFlags,
  homeSlides,
  menuItems,
  multilingualLandings,
  officeProjects,
  offices,
  pages,
  partners,
  publications,
  redirects,
  seoMeta,
  siteSettings,
} from './schema/index.ts';

type MenuName = (typeof menuItems.$inferInsert)['menu'];

async function insertMenu(tx: Executor, menu: MenuName, links: MenuLink[], parentId: number | null): Promise<void> {
  for (const [position, link] of links.entries()) {
    const [row] = await tx.insert(menuItems).values({ menu, parentId, position, title: link.title, url: link.url }).returning({ id: menuItems.id });
    if (link.children?.length) await insertMenu(tx, menu, link.children, row!.id);
  }
}

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
    await tx.insert(redirects).values(site.redirects.map((r) => ({ oldPath: r.old_path, newPath: r.new_path })));
    await tx.insert(pages).values(site.pages.map(pageRow));
    await tx.insert(seoMeta).values(site.seoMeta);
    await insertMenu(tx, 'header', site.menus.header, null);
    await insertMenu(tx, 'purchasing_methods', site.menus.purchasingMethods, null);
    await insertMenu(tx, 'mortgage', site.menus.mortgage, null);
    await insertMenu(tx, 'footer', site.menus.footer, null);
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
    await tx.insert(siteSettings).values({ id: 1, ...site.settings });
  });
}

/** A demo page's row: its body, written as blocks, stored as rich text like the publications' (migration 0023). */
const pageRow = (p: PageContent) => ({
  slug: p.slug,
  template: p.template,
  title: p.title,
  description: p.description,
  body: { ru: blocksToHtml(p.body.ru), en: blocksToHtml(p.body.en), zh: blocksToHtml(p.body.zh) },
});

/** The demo collections: saved filters over the demo catalogue (their lots and counts are live). */
async function seedCollections(db: Executor): Promise<void> {
  await db.insert(customCollections).values(
    demoCollections.map((c, position) => ({
      slug: c.slug,
      position,
      title: c.title,
      description: c.description,
      intro: c.intro,
      query: c.query,
      lotIds: c.lotIds,
    })),
  );
}

/** The landings for foreign buyers (English and Chinese). */
async function seedLandings(db: Executor): Promise<void> {
  await db.insert(multilingualLandings).values(demoLandings.map((l) => ({ slug: l.slug, locale: l.locale, content: l.content })));
}

/**
 * The pages for agents and partners, seeded once with the landings (a page of that slug an editor already made is
 * kept).
 */
async function seedAudiencePages(db: Executor): Promise<void> {
  const added = site.pages.filter((p) => p.template === 'agents' || p.template === 'partners');
  await db.insert(pages).values(added.map(pageRow)).onConflictDoNothing({ target: pages.slug });
}

/** The demo editorial blocks (the home page's texts). */
async function seedContentBlocks(db: Executor): Promise<void> {
  await db.insert(contentBlocks).values([{ key: 'home', content: demoHome }]);
}

/** The demo main slider (the home page's first screen). */
async function seedHomeSlides(db: Executor): Promise<void> {
  await db.insert(homeSlides).values(
    demoHomeBlocks.slides.map((slide, position) => ({
      position,
      title: slide.title,
      text: slide.text,
      linkLabel: slide.linkLabel,
      url: slide.url,
      projectId: slide.projectId,
      image: slide.image.src,
      imageWidth: slide.image.width,
      imageHeight: slide.image.height,
      imageAlt: slide.image.alt,
    })),
  );
}

/** The demo partners other than banks, with the logos drawn at first start. */
async function seedPartners(db: Executor): Promise<void> {
  await db
    .insert(partners)
    .values(demoHomeBlocks.partners.map((p, position) => ({ id: p.id, kind: p.kind, name: p.name, logo: partnerLogoSrc(p.id), url: p.url, position })));
}

/** The demo sales offices, their schedules checked, with the projects each serves and the photos drawn at first start. */
async function seedOffices(db: Executor): Promise<void> {
  await db.insert(offices).values(
    demoOffices.map((o, position) => {
      const schedule = officeWeekSchema.safeParse(o.schedule);
      if (!schedule.success)
        throw new Error(`content/offices.ts: ${o.slug}: ${schedule.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      return {
        id: o.id,
        slug: o.slug,
        kind: o.kind,
        position,
        name: o.name,
        address: o.address,
        phones: o.phones,
        email: o.email,
        schedule: schedule.data,
        lat: o.lat,
        lng: o.lng,
        photo: officePhotoSrc(o.slug),
        photoWidth: OFFICE_PHOTO_SIZE.width,
        photoHeight: OFFICE_PHOTO_SIZE.height,
        meetings: o.meetings,
      };
    }),
  );
  await db.insert(officeProjects).values(demoOffices.flatMap((o) => o.projects.map((projectId, position) => ({ officeId: o.id, projectId, position }))));
}

/** The demo feature flags and experiments (content/flags.ts); a key already there keeps its row. */
async function seedFeatureFlags(db: Executor): Promise<void> {
  await db
    .insert(featureFlags)
    .values(demoFlags.map((f) => ({ key: f.key, description: f.description, defaultValue: f.definition.defaultValue, rules: f.definition.rules })))
    .onConflictDoNothing({ target: featureFlags.key });
}

/** The demo partner banks and finance programmes, through the offers import's own checks. */
async function seedFinance(db: Executor): Promise<void> {
  const report = await writeOffers(db, { banks: demoFinance.banks, programmes: demoFinance.programmes }, { checkProjects: false });
  if (report.rejected.length) throw new Error(`content/purchase.ts: ${report.rejected.map((r) => `${r.id ?? r.row}: ${r.errors.join('; ')}`).join(' | ')}`);
}

/** The demo promotions, news and press mentions; promotions get ids 1, 2, … in the content's order. */
async function seedPublications(db: Executor): Promise<void> {
  await db.insert(publications).values(
    demoPublications.map((item) => ({
      kind: item.kind,
      slug: item.slug,
      projectId: item.projectId,
      realtyTypes: item.realtyTypes,
      title: item.title,
      lead: item.lead,
      badge: item.badge ?? null,
      body: { ru: blocksToHtml(item.body.ru), en: blocksToHtml(item.body.en), zh: blocksToHtml(item.body.zh) },
      image: item.image.src,
      imageWidth: item.image.width,
      imageHeight: item.image.height,
      sourceName: item.source?.name ?? null,
      sourceUrl: item.source?.url ?? null,
      publishedAt: item.publishedAt,
      endsAt: item.endsAt ?? null,
    })),
  );
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
