import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOCALES } from '#core/i18n/locales.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Services } from '../services/index.ts';
import { sendNotFound, sendValidationError } from './errors.ts';
import { apiLocale } from './locale.ts';

const langQuery = z.object({ lang: z.enum(LOCALES).optional() });
const pageMetaQuery = langQuery.extend({
  url: safeText({ error: 'This field is required.' })
    .min(1, 'This field is required.')
    .max(2048, 'Ensure this field has no more than 2048 characters.')
    .regex(/^\//, 'Must be a path starting with "/".'),
});
const idParams = z.object({
  id: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .positive('A valid integer is required.')
    .max(2 ** 31 - 1),
});

/** Site-wide reads: redirects, menus, settings and SEO meta (spec §7). */
export default async function siteApi(app: FastifyInstance, opts: { services: Services }) {
  const { services } = opts;

  app.get('/redirects/', async (_request, reply) => {
    const rows = await services.redirects.list();
    return reply.header('cache-control', 'public, max-age=60').send({ count: rows.length, next: null, previous: null, results: rows });
  });

  app.get('/menu/header/', async (request, reply) => {
    const query = langQuery.safeParse(request.query);
    if (!query.success) return sendValidationError(reply, query.error);
    return reply.header('cache-control', 'public, max-age=60').send(await services.menus.header(apiLocale(request)));
  });

  app.get('/menu/footer/', async (request, reply) => {
    const query = langQuery.safeParse(request.query);
    if (!query.success) return sendValidationError(reply, query.error);
    return reply.header('cache-control', 'public, max-age=60').send(await services.menus.footer(apiLocale(request)));
  });

  app.get('/menu/:id/submenu/', async (request, reply) => {
    const params = idParams.safeParse(request.params);
    if (!params.success) return sendValidationError(reply, params.error, 'path parameters');
    const submenu = await services.menus.submenu(params.data.id, apiLocale(request));
    return submenu ? reply.header('cache-control', 'public, max-age=60').send(submenu) : sendNotFound(reply, 'No menu item with this id.');
  });

  app.get('/settings/', async (request, reply) => {
    return reply.header('cache-control', 'public, max-age=60').send(await services.settings.get(apiLocale(request)));
  });

  /** Failures are swallowed to `{}` (spec §8): a page without custom meta still renders its own. */
  app.get('/seo/get_page_meta/', async (request, reply) => {
    const query = pageMetaQuery.safeParse(request.query);
    if (!query.success) return sendValidationError(reply, query.error);
    try {
      return reply.header('cache-control', 'public, max-age=60').send(await services.seo.pageMeta(query.data.url, apiLocale(request)));
    } catch (error) {
      request.log.warn({ err: error }, 'page meta lookup failed');
      return reply.send({});
    }
  });
}
