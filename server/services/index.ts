import type { Database } from '../db/client.ts';
import { createCatalogueService } from './catalogue/index.ts';
import { createLeadService } from './leads/index.ts';
import { createMenuService } from './menus.ts';
import { createPageService } from './pages.ts';
import { createPublicationService } from './publications.ts';
import { createRedirectService } from './redirects.ts';
import { createSeoService } from './seo.ts';
import { createSettingsService } from './settings.ts';
import { createTrackingService } from './tracking.ts';

type Logger = { warn: (obj: object, msg: string) => void };

/** The domain, wired once per process and shared by the API and the SSR loaders. */
export function createServices(database: Database, log: Logger) {
  const { db } = database;
  const settings = createSettingsService(db);
  const getRate = async () => (await settings.get('ru')).minMortgageRate;
  const catalogue = createCatalogueService(db, { getRate, log });
  return {
    database,
    settings,
    menus: createMenuService(db, getRate),
    pages: createPageService(db),
    redirects: createRedirectService(db, log),
    seo: createSeoService(db),
    tracking: createTrackingService(db),
    leads: createLeadService(db, log),
    catalogue,
    publications: createPublicationService(db, catalogue),
  };
}
export type Services = ReturnType<typeof createServices>;
