import type { TrackingData } from '#core/schemas/tracking.ts';
import { isPurchasePage } from '#core/purchase/calculator.ts';
import { routeOfPath, type PageType, type TrackingEvent } from '#core/tracking/events.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import { trackingEvents } from '../../db/schema/index.ts';
import type { CatalogueServiceImpl } from '../catalogue/index.ts';

/** One event as every sink receives it: the page context is derived, the attribution already in its safe form. */
export type PageEvent = {
  receivedAt: Date;
  event: TrackingEvent;
  url: string;
  pageType: PageType;
  locale: Locale;
  projectId: string | null;
  lotId: string | null;
  referrer: string | null;
  utm: { source: string | null; medium: string | null; campaign: string | null; content: string | null; term: string | null };
  clientId: string | null;
  visitId: string | null;
};

/** Where page events go: the database here; ClickHouse joins it as a second sink (DESIGN "Scale-out"). */
export type TrackingSink = { name: string; write(event: PageEvent): Promise<void> };

/** What the page context needs to know of the site: the catalogue's ids and the catch-all's slugs (cached lists). */
export type PageDirectory = {
  catalogue: Pick<CatalogueServiceImpl, 'pageIds'>;
  pageSlugs(): Promise<string[]>;
  collectionSlugs(): Promise<string[]>;
  landingPaths(): Promise<{ path: string }[]>;
};

export function databaseSink(db: Db): TrackingSink {
  return {
    name: 'database',
    async write(e) {
      await db.insert(trackingEvents).values({
        receivedAt: e.receivedAt,
        event: e.event,
        url: e.url,
        pageType: e.pageType,
        locale: e.locale,
        projectId: e.projectId,
        lotId: e.lotId,
        referrer: e.referrer,
        utmSource: e.utm.source,
        utmMedium: e.utm.medium,
        utmCampaign: e.utm.campaign,
        utmContent: e.utm.content,
        utmTerm: e.utm.term,
        clientId: e.clientId,
        visitId: e.visitId,
      });
    },
  };
}

/**
 * The page a site path shows, as app/routes.ts would route it: catalogue pages with the project and lot they are
 * about, and the catch-all's slug told apart by what the database holds (purchase page, content page,
 * collection, landing); anything else is `other`.
 */
export async function pageContext(path: string, directory: PageDirectory) {
  const { locale, route } = routeOfPath(path.split('?')[0]!);
  const none = { projectId: null, lotId: null };
  if (route.type === 'lot') return { locale, pageType: 'lot' as const, ...(await directory.catalogue.pageIds({ lot: route.lot })) };
  if (route.type === 'slug') {
    const { slug } = route;
    const pageType: PageType = isPurchasePage(slug)
      ? 'purchase'
      : (await directory.pageSlugs()).includes(slug)
        ? 'page'
        : (await directory.collectionSlugs()).includes(slug)
          ? 'collection'
          : (await directory.landingPaths()).some((l) => l.path === `/${slug}`)
            ? 'landing'
            : 'other';
    return { locale, pageType, ...none };
  }
  const ids = route.project ? await directory.catalogue.pageIds({ project: route.project }) : none;
  return { locale, pageType: route.type, ...ids };
}

export function createTrackingService(db: Db, directory: PageDirectory, sinks: readonly TrackingSink[] = [databaseSink(db)]) {
  return {
    /** One page event (`/api/tracking_data/save/`); `data.url` is already a path on this site (sitePath). */
    async recordPageEvent(data: TrackingData & { url: string }, now = new Date()): Promise<PageEvent> {
      const context = await pageContext(data.url, directory);
      const event: PageEvent = {
        receivedAt: now,
        event: data.event,
        url: data.url,
        ...context,
        referrer: data.referrer,
        utm: { source: data.utm_source, medium: data.utm_medium, campaign: data.utm_campaign, content: data.utm_content, term: data.utm_term },
        clientId: data.client_id,
        visitId: data.visit_id,
      };
      for (const sink of sinks) await sink.write(event);
      return event;
    },
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
