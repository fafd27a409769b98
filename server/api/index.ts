import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Services } from '../services/index.ts';
import type { StaffService } from '../services/staff/index.ts';
import staffApi from './admin/index.ts';
import alertsApi from './alerts.ts';
import auctionsApi from './auctions.ts';
import catalogueApi from './catalogue.ts';
import dynamicApi from './dynamic.ts';
import featuresApi from './features.ts';
import collectionsApi from './collections.ts';
import csrfApi from './csrf.ts';
import homeApi from './home.ts';
import leadsApi from './leads.ts';
import officesApi from './offices.ts';
import publicationsApi from './publications.ts';
import purchaseApi from './purchase.ts';
import storiesApi from './stories.ts';
import siteApi from './site.ts';
import trackingApi from './tracking.ts';
import experimentEventsApi from './experiment-events.ts';

export type ApiOptions = { services: Services; config: Config; staff: StaffService };

/** Every API module, mounted under `/api` (one line each). */
export default async function api(app: FastifyInstance, opts: ApiOptions) {
  await app.register(siteApi, opts);
  await app.register(csrfApi);
  await app.register(trackingApi, opts);
  await app.register(experimentEventsApi, opts);
  await app.register(leadsApi, opts);
  await app.register(catalogueApi, opts);
  await app.register(dynamicApi, opts);
  await app.register(publicationsApi, opts);
  await app.register(purchaseApi, opts);
  await app.register(homeApi, opts);
  await app.register(storiesApi, opts);
  await app.register(collectionsApi, opts);
  await app.register(officesApi, opts);
  await app.register(featuresApi, opts);
  await app.register(auctionsApi, opts);
  await app.register(alertsApi, opts);
  // The back office (ADR 025): staff only, not in the public OpenAPI document.
  await app.register(staffApi, { ...opts, prefix: '/admin' });
}
