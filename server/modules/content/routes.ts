import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLocale } from '#core/i18n/locales.ts';
import { idNumber } from '#core/schemas/id.ts';
import { safeText } from '#core/schemas/text.ts';
import type { Services } from '../../services.ts';
import { sendNotFound } from '../../http/api/errors.ts';
import { apiLocale } from '../../http/api/locale.ts';
import * as R from './responses.ts';
import { seoLocale } from './seo.ts';
import { langQuery, page, reads } from '../../http/api/schemas.ts';

const pageMetaQuery = langQuery.extend({
  url: safeText({ error: 'This field is required.' })
    .min(1, 'This field is required.')
    .max(2048, 'Ensure this field has no more than 2048 characters.')
    .regex(/^\//, 'Must be a path starting with "/".')
    .describe("The page's path, starting with /."),
});
const idParams = z.object({ id: idNumber('A valid integer is required.', { coerce: true }) });

/** Site-wide reads: redirects, menus, settings and SEO meta (spec §7). */
export default async function siteApi(base: FastifyInstance, opts: { services: Services }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services } = opts;
  const tags = ['Site'];

  app.get('/redirects/', { schema: { summary: 'Redirects from old addresses', tags, response: { 200: page(R.redirect) } } }, async (_request, reply) => {
    const rows = await services.redirects.list();
    return reply.header('cache-control', 'public, max-age=60').send({ count: rows.length, next: null, previous: null, results: rows });
  });

  app.get('/menu/header/', { schema: { summary: 'The header menu', tags, querystring: langQuery, response: reads(R.headerMenu) } }, async (request, reply) =>
    reply.header('cache-control', 'public, max-age=60').send(await services.menus.header(apiLocale(request))),
  );

  app.get('/menu/footer/', { schema: { summary: 'The footer menu', tags, querystring: langQuery, response: reads(R.footerMenu) } }, async (request, reply) =>
    reply.header('cache-control', 'public, max-age=60').send(await services.menus.footer(apiLocale(request))),
  );

  app.get(
    '/menu/:id/submenu/',
    { schema: { summary: 'The submenu of a menu item', tags, params: idParams, querystring: langQuery, response: reads(R.submenu, { notFound: true }) } },
    async (request, reply) => {
      const found = await services.menus.submenu(request.params.id, apiLocale(request));
      return found ? reply.header('cache-control', 'public, max-age=60').send(found) : sendNotFound(reply, 'No menu item with this id.');
    },
  );

  app.get(
    '/settings/',
    { schema: { summary: 'Contacts and site settings', tags, querystring: langQuery, response: reads(R.settings) } },
    async (request, reply) => reply.header('cache-control', 'public, max-age=60').send(await services.settings.get(apiLocale(request))),
  );

  /**
   * Failures are swallowed to `{}` (spec §8): a page without custom meta still renders its own. The language is
   * `lang` when given, else the one the URL's prefix names (`/en/…` is the English page), else the request's.
   */
  app.get(
    '/seo/get_page_meta/',
    { schema: { summary: 'The title and description set for a page', tags, querystring: pageMetaQuery, response: reads(R.pageMeta) } },
    async (request, reply) => {
      try {
        return reply
          .header('cache-control', 'public, max-age=60')
          .send(
            await services.seo.pageMeta(
              request.query.url,
              isLocale(request.query.lang) ? request.query.lang : (seoLocale(request.query.url) ?? apiLocale(request)),
            ),
          );
      } catch (error) {
        request.log.warn({ err: error }, 'page meta lookup failed');
        return reply.send({});
      }
    },
  );
}
