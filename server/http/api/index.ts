import type { FastifyInstance } from 'fastify';
import { isLocale } from '#core/i18n/locales.ts';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import type { StaffService } from '../../modules/staff/service.ts';
import staffApi from './admin.ts';
import alertsApi from '../../modules/alerts/routes.ts';
import auctionsApi from '../../modules/auctions/routes.ts';
import catalogueApi from '../../modules/catalogue/routes.ts';
import dynamicApi from '../../modules/catalogue/routes-progress.ts';
import featuresApi from '../../modules/flags/routes.ts';
import collectionsApi from '../../modules/catalogue/routes-collections.ts';
import csrfApi from './csrf.ts';
import visitorApi from './visitor.ts';
import dealsApi from '../../modules/reservations/routes-deals.ts';
import crmApi from '../../modules/crm/routes.ts';
import homeApi from '../../modules/home/routes.ts';
import leadsApi from '../../modules/leads/routes.ts';
import officesApi from '../../modules/offices/routes.ts';
import publicationsApi from '../../modules/content/routes-publications.ts';
import purchaseApi from '../../modules/purchase/routes.ts';
import reservationPaymentsApi from '../../modules/reservations/routes-payments.ts';
import storiesApi from '../../modules/home/routes-stories.ts';
import siteApi from '../../modules/content/routes.ts';
import trackingApi from '../../modules/events/routes-tracking.ts';
import experimentEventsApi from '../../modules/events/routes.ts';

export type ApiOptions = { services: Services; config: Config; staff: StaffService };

/** Every API module, mounted under `/api` (one line each). */
export default async function api(app: FastifyInstance, opts: ApiOptions) {
  // A public answer whose language came from Accept-Language (no `?lang=`, apiLocale) differs by that header: a shared
  // cache must key it so, or it hands one language's answer (a parse of «1,500», a lot's words) to another's visitor.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isLocale((request.query as Record<string, unknown> | undefined)?.lang)) return payload;
    const cacheControl = reply.getHeader('cache-control');
    if (typeof cacheControl !== 'string' || !/\bpublic\b/.test(cacheControl)) return payload;
    const vary = reply.getHeader('vary');
    const current = typeof vary === 'string' ? vary : '';
    if (!/\baccept-language\b/i.test(current)) reply.header('vary', current ? `${current}, Accept-Language` : 'Accept-Language');
    return payload;
  });
  await app.register(siteApi, opts);
  await app.register(csrfApi);
  await app.register(visitorApi, opts);
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
  await app.register(reservationPaymentsApi, opts);
  await app.register(dealsApi, opts);
  await app.register(crmApi, opts);
  // The back office (ADR 025): staff only, not in the public OpenAPI document.
  await app.register(staffApi, { ...opts, prefix: '/admin' });
}
