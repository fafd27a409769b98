import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Services } from '../../services.ts';
import amocrmApi from './amocrm/routes.ts';
import bitrix24Api from './bitrix24/routes.ts';

/** The CRMs' webhooks back to the site (ADR 040), under /api/crm/: each not offered while its adapter is off. */
export default async function crmApi(app: FastifyInstance, opts: { services: Services; config: Config }) {
  await app.register(bitrix24Api, opts);
  await app.register(amocrmApi, opts);
}
