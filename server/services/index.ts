import type { Database } from '../db/client.ts';
import { createAlertService } from './alerts/index.ts';
import { createAuctionService } from './auctions.ts';
import { createCatalogueService } from './catalogue/index.ts';
import { createCollectionService } from './collections.ts';
import { createContentBlocksService } from './content-blocks.ts';
import { createHomeBlocksService } from './home-blocks.ts';
import { createLandingService } from './landings.ts';
import { createLeadService } from './leads/index.ts';
import { createMenuService } from './menus.ts';
import { createOfficeService, type OfficeService } from './offices.ts';
import { createPageService } from './pages.ts';
import { createPublicationService } from './publications.ts';
import { createFeatureService } from './features.ts';
import { createFinanceService } from './purchase.ts';
import { createRedirectService } from './redirects.ts';
import { createSeoService } from './seo.ts';
import { createStoriesService } from './stories.ts';
import { createSettingsService } from './settings.ts';
import { createTrackingService } from './tracking.ts';
import { cachePolicy, type CachePolicy } from './cache.ts';
import { databaseEventSink } from '../events/database.ts';
import { createEventStore, type BatchOptions, type EventSink } from '../events/store.ts';

type Logger = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

/** Where the experiment event store writes (server/events/index.ts `eventSinkFor`): the database's tables unless given. */
export type EventStoreOptions = { sink?: EventSink; batch?: Partial<BatchOptions> };

/**
 * The domain, wired once per process and shared by the API and the SSR loaders. The read caches share one
 * policy: when the database fails they answer from their last good copy (bounded staleness) and the fault is
 * logged once (`cache` sets the bound and the clock, for tests).
 */
export function createServices(database: Database, log: Logger, cache: Partial<Omit<CachePolicy, 'health'>> = {}, events: EventStoreOptions = {}) {
  const { db } = database;
  const policy = cachePolicy(log, cache);
  const finance = createFinanceService(db, policy);
  const getRate = () => finance.minRate();
  const settings = createSettingsService(db, policy, getRate);
  // Offices and the catalogue read each other: a project's offices, and the projects an office serves.
  let offices: OfficeService | null = null;
  const catalogue = createCatalogueService(db, {
    finance,
    log,
    health: policy.health,
    offices: (projectId, locale) => offices!.list(locale, { project: projectId }),
  });
  offices = createOfficeService(db, () => catalogue.projectDirectory(), policy);
  const pages = createPageService(db, policy);
  const collections = createCollectionService(db, catalogue, policy);
  const landings = createLandingService(db, policy);
  const leads = createLeadService(
    db,
    log,
    () => catalogue.projectDirectory(),
    async () => (await finance.data()).programmes,
    () => offices.resources(),
  );
  return {
    database,
    settings,
    menus: createMenuService(db, (kind) => finance.minRate(kind), policy),
    pages,
    blocks: createContentBlocksService(db, policy),
    home: createHomeBlocksService(db, catalogue, policy),
    stories: createStoriesService(db, policy),
    collections,
    landings,
    redirects: createRedirectService(db, policy),
    seo: createSeoService(db, policy),
    tracking: createTrackingService(db, {
      catalogue,
      pageSlugs: () => pages.slugs(),
      collectionSlugs: () => collections.slugs(),
      landingPaths: () => landings.pages(),
    }),
    /** Experiment exposures and web vitals (`/api/clickhouse/store_data/`), batched into ClickHouse or the database. */
    events: createEventStore(events.sink ?? databaseEventSink(db), log, events.batch),
    leads,
    auctions: createAuctionService(db, { leads, lots: (ids, locale) => catalogue.lotsByIds(ids, locale) }),
    /** Alerts without an account (ADR 021): saved searches and followed lots, confirmed by e-mail. */
    alerts: createAlertService(db, catalogue),
    catalogue,
    offices,
    finance,
    features: createFeatureService(db, { health: policy.health, log }),
    publications: createPublicationService(db, catalogue, () => new Date(policy.now()), policy),
  };
}
export type Services = ReturnType<typeof createServices>;
