import type { Database } from './db/client.ts';
import { createAlertService } from './modules/alerts/service.ts';
import { createAuctionService } from './modules/auctions/service.ts';
import { createCatalogueService } from './modules/catalogue/service.ts';
import { createCollectionService } from './modules/catalogue/collections.ts';
import { createContentBlocksService } from './modules/content/blocks.ts';
import { createHomeBlocksService } from './modules/home/service.ts';
import { createLandingService } from './modules/content/landings.ts';
import { createLeadService } from './modules/leads/service.ts';
import { createLeadDesk } from './modules/leads/desk.ts';
import { createDealReader } from './modules/reservations/admin-desk.ts';
import { createMenuService } from './modules/content/menus.ts';
import { createOfficeService, type OfficeService } from './modules/offices/service.ts';
import { createPageService } from './modules/content/pages.ts';
import { createPublicationService } from './modules/content/publications.ts';
import { createSearchService } from './modules/search/index.ts';
import { createFeatureService } from './modules/flags/service.ts';
import { createFinanceService } from './modules/purchase/service.ts';
import { createRedirectService } from './modules/content/redirects.ts';
import { createSeoService } from './modules/content/seo.ts';
import { createStoriesService } from './modules/home/stories.ts';
import { createSubscriptionHeadingsService } from './modules/content/subscription-headings.ts';
import { createSettingsService } from './modules/content/settings.ts';
import { createTrackingService } from './modules/events/tracking.ts';
import { cachePolicy, type CachePolicy } from './db/cache.ts';
import { versionedQuery } from './db/read-tracking.ts';
import { createDataVersions, DATA_KINDS, type DataKind } from './db/versions.ts';
import { AUDIT_TRAIL } from './modules/content/editor/audit.ts';
import { createContentEditor } from './modules/content/editor/service.ts';
import { createContentDrafts } from './modules/content/editor/drafts.ts';
import { NODE_MEDIA_FS, type MediaFs } from './modules/content/editor/media.ts';
import { createMediaLibrary } from './modules/content/editor/library.ts';
import { crmHealth } from './modules/crm/index.ts';
import { createCurrencyService } from './modules/currency/index.ts';
import { databaseEventSink } from './modules/events/database.ts';
import { createEventStore, type BatchOptions, type EventSink } from './modules/events/store.ts';

type Logger = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

/** Where the experiment event store writes (server/modules/events/sinks.ts `eventSinkFor`): the database's tables unless given. */
export type EventStoreOptions = { sink?: EventSink; batch?: Partial<BatchOptions> };
/** The catalogue's options from the configuration: where its lots' columns are kept between loads (CATALOGUE_SNAPSHOT_DIR). */
export type CatalogueOptions = { snapshotDir?: string };

/**
 * The domain, wired once per process and shared by the API and the SSR loaders. The read caches share one
 * policy: when the database fails they answer from their last good copy (bounded staleness) and the fault is
 * logged once (`cache` sets the bound and the clock, for tests).
 */
export function createServices(
  database: Database,
  log: Logger,
  cache: Partial<Omit<CachePolicy, 'health'>> = {},
  events: EventStoreOptions = {},
  catalogueOptions: CatalogueOptions = {},
) {
  const { db } = database;
  // Which kinds of data changed, and when (server/db/versions.ts); started by server/main.ts.
  const versions = cache.versions ?? createDataVersions(db, log, { listen: database.listen });
  const policy = cachePolicy(log, { ...cache, versions });
  const finance = createFinanceService(db, policy);
  const getRate = () => finance.minRate();
  const settings = createSettingsService(db, policy, getRate);
  // Offices and the catalogue read each other: a project's offices, and the projects an office serves.
  let offices: OfficeService | null = null;
  const catalogue = createCatalogueService(db, {
    ...catalogueOptions,
    finance,
    log,
    health: policy.health,
    offices: (projectId, locale) => offices!.list(locale, { project: projectId }),
  });
  offices = createOfficeService(db, () => catalogue.projectDirectory(), policy);
  // A change of the lots (an import here or elsewhere) reaches the lot index as soon as it is known, not at its next poll;
  // so does a change of the auctions, which decide their lots' states and show on their cards (lot-state.ts).
  versions.onChange((kinds) => {
    if (kinds.includes('catalogue')) catalogue.refresh().catch((error: unknown) => log.warn({ err: error }, 'catalogue refresh after a change failed'));
    else if (kinds.includes('auctions'))
      catalogue.refreshAuctions().catch((error: unknown) => log.warn({ err: error }, "lots' states after an auction change failed"));
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
    (ids) => catalogue.lotsByIds(ids, 'ru'),
  );
  const features = createFeatureService(db, { health: policy.health, log });
  // The Bank of Russia's rates (ADR 037): loaded now and again when they change, so `latestRates()` never waits.
  const currency = createCurrencyService(db, policy);
  const loadRates = () => void currency.refresh().catch((error: unknown) => log.warn({ err: error }, 'currency rates could not be loaded'));
  loadRates();
  versions.onChange((kinds) => {
    if (kinds.includes('offers')) loadRates();
  });
  const publications = createPublicationService(db, catalogue, () => new Date(policy.now()), policy);
  const contentEditor = createContentEditor(db, AUDIT_TRAIL, { flags: () => features.refresh(), changed: () => versions.check() });
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
    /** The back office's reservations: list, a deal with its timeline (the buyer's contact audited; issue #39). */
    dealReader: createDealReader(db),
    /** The CRM adapters' delivery state, for the back office's health view (ADR 040). */
    crm: { health: () => crmHealth(db) },
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
    publications,
    /** Prices in other currencies: the Bank of Russia's daily rates (ADR 037). */
    currency,
    /** The footer's search (spec §9): projects, lots by number, pages and news by title. */
    search: createSearchService({
      catalogue: () => catalogue.state(),
      pageSlugs: () => pages.slugs(),
      page: (slug, locale) => pages.bySlug(slug, locale),
      publications: (kind, locale) => publications.list(kind, locale),
    }),
    /** The back office's content editing (ADR 026): every save checked, version-checked and in the audit trail. */
    contentEditor,
    /** Drafts of published items beside them (issue #42, ADR 042): autosaved, previewed, published or discarded. */
    contentDrafts: createContentDrafts(db, contentEditor),
    /** The media library (issue #42): pictures found, described, replaced and deleted when unused, each change audited. */
    mediaLibrary: createMediaLibrary(db),
    /** The file operations of an upload into the media store (a test makes `writeFile` fail as a full disk does). */
    mediaFs: NODE_MEDIA_FS as MediaFs,
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
