import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isLocale, type Locale } from '#core/i18n/locales.ts';
import { CURRENCIES, isCurrencyCode, type CurrencyCode } from '#core/currency/rates.ts';
import type { Config } from '../../config.ts';
import { createKeptArtefacts } from '../../db/kept.ts';
import { pdfContext } from './context.ts';
import { PdfPictures } from './kit.ts';
import { lotSheet } from './lot-sheet.ts';
import { projectPresentation } from './presentation.ts';
import { currentVersion, type Services } from '../../services.ts';

type Made = { data: Buffer; etag: string; filename: string };

/** How many made PDFs stay in memory (a presentation is ~1–3 MB, a lot sheet ~150 KB). */
const CACHE_ENTRIES = 40;

/**
 * `GET /pdf/{locale}/projects/{id}.pdf` and `GET /pdf/{locale}/lots/{id}.pdf`: made on the first request from
 * the live data, then served from memory while every kind of data the making read is at the version it saw
 * (server/db/kept.ts: the lot index, the finance programmes a monthly payment comes from, the settings and
 * contacts, the benefits…) and the Moscow day it was dated is today. Concurrent first requests share one rendering.
 */
export function registerPdfRoutes(app: FastifyInstance, { services, config }: { services: Services; config: Config }): void {
  const pictures = new PdfPictures(resolve(config.MEDIA_DIR), config.IMAGE_ALLOWED_HOSTS, (src, error) =>
    app.log.warn({ err: error, src }, 'PDF picture could not be read'),
  );
  const kept = createKeptArtefacts<Made>({
    versionOf: (kind) => currentVersion(services, kind),
    max: CACHE_ENTRIES,
    unkept: (key, why) => app.log.debug({ pdf: key, why }, 'PDF not kept'),
  });

  async function make(kind: 'projects' | 'lots', id: string, locale: Locale, currency: CurrencyCode | null): Promise<Made | null> {
    const settings = await services.settings.get(locale);
    const rate = await services.currency.chosen(currency);
    const ctx = await pdfContext(locale, settings, { origin: config.siteOrigin, strategy: config.LOCALE_STRATEGY }, pictures, new Date(), rate);
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

  app.get<{ Params: { locale: string; kind: string; file: string }; Querystring: { currency?: unknown } }>(
    '/pdf/:locale/:kind/:file',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { locale, kind, file } = request.params;
      const id = /^(\d{1,9})\.pdf$/.exec(file)?.[1];
      reply.header('cache-control', 'no-store');
      if (!isLocale(locale)) return reply.code(404).send({ detail: `Unknown language "${locale}"`, field: 'locale' });
      if (kind !== 'projects' && kind !== 'lots') return reply.code(404).send({ detail: `No PDFs of "${kind}"`, field: 'kind' });
      if (!id) return reply.code(404).send({ detail: `"${file}" is not a PDF name: {id}.pdf`, field: 'id' });
      // The lot sheet's price beside roubles in a currency (ADR 037): the lot page's link carries the visitor's choice.
      const asked = request.query.currency;
      if (asked !== undefined && (kind !== 'lots' || !isCurrencyCode(asked)))
        return reply.code(400).send({ detail: `currency must be one of ${CURRENCIES.join(', ')} (lot sheets only)`, field: 'currency' });
      const currency = isCurrencyCode(asked) ? asked : null;

      // The sheet is dated: a new Moscow day makes a new one even when no data moved.
      const key = `${services.finance.today()}:${locale}:${kind}:${id}:${currency ?? 'rub'}`;
      const result = await kept.get(key, () => make(kind, id, locale, currency));
      if (!result) return reply.code(404).send({ detail: kind === 'projects' ? `No project ${id}` : `No lot ${id}`, field: 'id' });
      const made = result.value;
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
