import type { FastifyInstance } from 'fastify';
import { PORTALS, type Portal } from '#core/feeds/portals.ts';
import type { Config } from '../../config.ts';
import { collectListings, FEEDS, listingsKey, portalDocument, type PortalDocument } from './documents.ts';
import { createImageSigner } from '../images/index.ts';
import type { Services } from '../../services.ts';

/**
 * The property-portal feeds (REFERENCE "Property portal feeds", ADR 018): `/feeds/yandex.xml` (Yandex Realty),
 * `/feeds/cian.xml` (CIAN feed v2), `/feeds/avito.xml` (Avito Autoload) and `/feeds/domclick.xml` (DomClick, CIAN's
 * schema with DomClick's ids), all made from one set of portal-neutral listings (server/modules/feeds/listing.ts): lots for
 * sale, free or booked, and premises let for rent. Sold lots leave every feed at the next catalogue version;
 * presale projects (no prices yet) and storage rooms (no portal category) are in none, and each portal refuses
 * what it cannot take (a flat whose building has no id of that portal). The listings are made once per catalogue
 * version and finance day and each document once, served with an ETag, so a portal polling hourly costs one
 * comparison; compression is the app's (@fastify/compress).
 */
export function registerFeedRoutes(app: FastifyInstance, opts: { services: Services; config: Config }): void {
  const { services, config } = opts;
  const origin = config.siteOrigin;
  const sign = config.IMGPROXY_KEY && config.IMGPROXY_SALT ? createImageSigner({ key: config.IMGPROXY_KEY, salt: config.IMGPROXY_SALT }) : undefined;
  let memo: { key: string; documents: Promise<Record<Portal, PortalDocument>> } | null = null;

  async function build(): Promise<Record<Portal, PortalDocument>> {
    const listings = await collectListings(services, { origin, sign });
    return Object.fromEntries(PORTALS.map((portal) => [portal, portalDocument(FEEDS[portal], listings)])) as Record<Portal, PortalDocument>;
  }

  for (const portal of PORTALS) {
    app.get(FEEDS[portal].path, async (request, reply) => {
      const key = await listingsKey(services);
      if (!memo || memo.key !== key) {
        const next = { key, documents: build() };
        memo = next;
        next.documents.catch(() => {
          if (memo === next) memo = null;
        });
      }
      const etag = `"catalogue-${key}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=600');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/xml; charset=utf-8').send((await memo.documents)[portal].xml);
    });
  }
}
