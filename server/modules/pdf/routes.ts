import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isLocale, type Locale } from '#core/i18n/locales.ts';
import type { Config } from '../../config.ts';
import { pdfContext } from './context.ts';
import { PdfPictures } from './kit.ts';
import { lotSheet } from './lot-sheet.ts';
import { projectPresentation } from './presentation.ts';
import type { Services } from '../../services.ts';

type Made = { data: Buffer; etag: string; filename: string };

/** How many made PDFs stay in memory (a presentation is ~1–3 MB, a lot sheet ~150 KB). */
const CACHE_ENTRIES = 40;

/**
 * `GET /pdf/{locale}/projects/{id}.pdf` and `GET /pdf/{locale}/lots/{id}.pdf`: made on the first request from
 * the live catalogue, then served from memory until the catalogue changes (an import makes a new version,
 * and with it new ETags). Concurrent first requests share one rendering.
 */
export function registerPdfRoutes(app: FastifyInstance, { services, config }: { services: Services; config: Config }): void {
  const pictures = new PdfPictures(resolve(config.MEDIA_DIR), config.IMAGE_ALLOWED_HOSTS, (src, error) =>
    app.log.warn({ err: error, src }, 'PDF picture could not be read'),
  );
  const cache = new Map<string, Made>();
  const making = new Map<string, Promise<Made | null>>();

  async function make(kind: 'projects' | 'lots', id: string, locale: Locale): Promise<Made | null> {
    const settings = await services.settings.get(locale);
    const ctx = await pdfContext(locale, settings, { origin: config.siteOrigin, strategy: config.LOCALE_STRATEGY }, pictures);
    let data: Buffer;
    let filename: string;
    if (kind === 'projects') {
      const project = await services.catalogue.project(id, locale);
      if (!project) return null;
      const buildings = await Promise.all(project.genplan.buildings.map((b) => services.catalogue.building(project.id, b.id, locale)));
      const benefits = await services.stories.benefits(locale, Number(project.id), 'page');
      data = await projectPresentation(
        ctx,
        project,
        buildings.filter((b) => b !== null),
        benefits,
      );
      filename = `${project.shortSlug}-presentation-${locale}.pdf`;
    } else {
      const lot = await services.catalogue.lotById(id, locale);
      if (!lot) return null;
      data = await lotSheet(ctx, lot);
      filename = `${lot.projectShortSlug}-${lot.type}-${lot.number}-${locale}.pdf`;
    }
    return { data, filename, etag: `"${createHash('sha1').update(data).digest('base64url')}"` };
  }

  app.get<{ Params: { locale: string; kind: string; file: string } }>(
    '/pdf/:locale/:kind/:file',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { locale, kind, file } = request.params;
      const id = /^(\d{1,9})\.pdf$/.exec(file)?.[1];
      reply.header('cache-control', 'no-store');
      if (!isLocale(locale)) return reply.code(404).send({ detail: `Unknown language "${locale}"`, field: 'locale' });
      if (kind !== 'projects' && kind !== 'lots') return reply.code(404).send({ detail: `No PDFs of "${kind}"`, field: 'kind' });
      if (!id) return reply.code(404).send({ detail: `"${file}" is not a PDF name: {id}.pdf`, field: 'id' });

      const version = (await services.catalogue.state()).snap.version;
      const key = `${version}:${locale}:${kind}:${id}`;
      let made = cache.get(key);
      if (!made) {
        let pending = making.get(key);
        if (!pending) {
          pending = make(kind, id, locale).finally(() => making.delete(key));
          making.set(key, pending);
        }
        const result = await pending;
        if (!result) return reply.code(404).send({ detail: kind === 'projects' ? `No project ${id}` : `No lot ${id}`, field: 'id' });
        made = result;
        cache.set(key, made);
        if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      } else {
        // Most recently used last: the oldest goes first.
        cache.delete(key);
        cache.set(key, made);
      }
      reply.header('cache-control', 'public, max-age=900').header('etag', made.etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === made.etag) return reply.code(304).send();
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${made.filename}"`)
        .header('content-length', made.data.length)
        .send(made.data);
    },
  );
}
