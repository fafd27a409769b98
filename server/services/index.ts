import type { Database } from '../db/client.ts';
import { createAlertService } from './alerts/index.ts';
import { createAuctionService } from './auctions.ts';
import { createCatalogueService } from './catalogue/index.ts';
import { createCollectionService } from './collections.ts';
import { createContentBlocksService } from './content-blocks.ts';
import { createHomeBlocksService } from './home-blocks.ts';
import { createLandingService } from './landings.ts';
import { createLeadService } from './leads/index.ts';
import { createLeadDesk } from './leads/desk.ts';
import { createMenuService } from './menus.ts';
import { createOfficeService, type OfficeService } from './offices.ts';
import { createPageService } from './pages.ts';
import { createPublicationService } from './publications.ts';
import { createFeatureService } from './features.ts';
import { createFinanceService } from './purchase.ts';
import { createRedirectService } from './redirects.ts';
import { createSeoService } from './seo.ts';
import { createStoriesService } from './stories.ts';
import { createSubscriptionHeadingsService } from './subscription-headings.ts';
import { createSettingsService } from './settings.ts';
import { createTrackingService } from './tracking.ts';
import { cachePolicy, type CachePolicy } from './cache.ts';
import { versionedQuery } from '../db/read-tracking.ts';
import { createDataVersions, DATA_KINDS, type DataKind } from './versions.ts';
import { AUDIT_TRAIL } from '../admin-content/audit.ts';
import { createContentEditor } from '../admin-content/service.ts';
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
  // Which kinds of data changed, and when (server/services/versions.ts); started by server/main.ts.
  const versions = cache.versions ?? createDataVersions(db, log, { listen: database.listen });
  const policy = cachePolicy(log, { ...cache, versions });
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
  // A change of the lots (an import here or elsewhere) reaches the lot index as soon as it is known, not at its next poll.
  versions.onChange((kinds) => {
    if (kinds.includes('catalogue')) catalogue.refresh().catch((error: unknown) => log.warn({ err: error }, 'catalogue refresh after a change failed'));
  });
  const pages = createPageService(db, policy);
  const collections = createCollectionService(db, catalogue, policy);
  const landings = createLandingService(db, policy);
  /** A read a page shows, versioned by its kind's data version taken before it (server/db/read-tracking.ts). */
  const versioned =
    (kind: DataKind) =>
    <T>(load: () => Promise<T>): Promise<T> =>
      versionedQuery(kind, versions.get(kind), load);
  const leads = createLeadService(
    db,
    log,
    () => catalogue.projectDirectory(),
    async () => (await finance.data()).programmes,
    () => offices.resources(),
    versioned('bookings'),
  );
  const features = createFeatureService(db, { health: policy.health, log });
  return {
    database,
    versions,
    settings,
    menus: createMenuService(db, (kind) => finance.minRate(kind), policy),
    pages,
    blocks: createContentBlocksService(db, policy),
    home: createHomeBlocksService(db, catalogue, policy),
    stories: createStoriesService(db, policy),
    /** The subscription block's heading per topic (the catalog's words where there is no row). */
    subscriptionHeadings: createSubscriptionHeadingsService(db, policy),
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
    /** The back office's leads: list, search, detail, redelivery, export, each view of personal data audited (ADR 025). */
    leadDesk: createLeadDesk(db, { wakeDelivery: () => leads.wakeDelivery() }),
    auctions: createAuctionService(db, {
      leads,
      lots: (ids, locale) => catalogue.lotsByIds(ids, locale),
      read: versioned('auctions'),
      version: () => versions.get('auctions'),
    }),
    /** Alerts without an account (ADR 021): saved searches and followed lots, confirmed by e-mail. */
    alerts: createAlertService(db, catalogue),
    catalogue,
    offices,
    finance,
    features,
    publications: createPublicationService(db, catalogue, () => new Date(policy.now()), policy),
    /** The back office's content editing (ADR 026): every save checked, version-checked and in the audit trail. */
    contentEditor: createContentEditor(db, AUDIT_TRAIL, { flags: () => features.refresh(), changed: () => versions.check() }),
  };
}
export type Services = ReturnType<typeof createServices>;

/**
 * The version of a kind of data this process answers from now, as page renders record it (server/db/read-tracking.ts):
 * the lot index's and the flags' own versions for theirs, the data versions table's for the shared caches' kinds.
 */
export function currentVersion(services: Services, kind: string): string | null {
  if (kind === 'catalogue') return services.catalogue.loadedVersion();
  if (kind === 'flags') return services.features.loadedVersion();
  return (DATA_KINDS as readonly string[]).includes(kind) ? String(services.versions.get(kind as DataKind)) : null;
}
