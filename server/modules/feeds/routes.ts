import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PORTALS, type Portal } from '#core/feeds/portals.ts';
import type { Config } from '../../config.ts';
import { createKeptArtefacts } from '../../db/kept.ts';
import { collectListings, FEEDS, portalDocument, type PortalDocument } from './documents.ts';
import { createImageSigner } from '../images/index.ts';
import { currentVersion, type Services } from '../../services.ts';

/**
 * The property-portal feeds (REFERENCE "Property portal feeds", ADR 018): `/feeds/yandex.xml` (Yandex Realty),
 * `/feeds/cian.xml` (CIAN feed v2), `/feeds/avito.xml` (Avito Autoload) and `/feeds/domclick.xml` (DomClick, CIAN's
 * schema with DomClick's ids), all made from one set of portal-neutral listings (server/modules/feeds/listing.ts): lots for
 * sale, free or booked, and premises let for rent. Sold lots leave every feed at the next catalogue version;
 * presale projects (no prices yet) and storage rooms (no portal category) are in none, and each portal refuses
 * what it cannot take (a flat whose building has no id of that portal). The documents are made once and kept while
 * every kind of data they read is at the version it saw (server/db/kept.ts: the lot index, the programmes in force,
 * the settings' contacts) on the same Moscow day, and served with an ETag made of those versions, so a portal
 * polling hourly costs one comparison; compression is the app's (@fastify/compress).
 */
export function registerFeedRoutes(app: FastifyInstance, opts: { services: Services; config: Config }): void {
  const { services, config } = opts;
  const origin = config.siteOrigin;
  const sign = config.IMGPROXY_KEY && config.IMGPROXY_SALT ? createImageSigner({ key: config.IMGPROXY_KEY, salt: config.IMGPROXY_SALT }) : undefined;
  const kept = createKeptArtefacts<Record<Portal, PortalDocument>>({
    versionOf: (kind) => currentVersion(services, kind),
    max: 1,
    unkept: (key, why) => app.log.warn({ feeds: key, why }, 'portal feeds not kept'),
  });

  async function build(): Promise<Record<Portal, PortalDocument>> {
    const listings = await collectListings(services, { origin, sign });
    return Object.fromEntries(PORTALS.map((portal) => [portal, portalDocument(FEEDS[portal], listings)])) as Record<Portal, PortalDocument>;
  }

  for (const portal of PORTALS) {
    app.get(FEEDS[portal].path, async (request, reply) => {
      const day = services.finance.today();
      const made = (await kept.get(day, build))!;
      const key = made.deps.map(([kind, version]) => `${kind}@${version}`).join(',');
      const etag = `"feeds-${createHash('sha256').update(`${key}@${day}`).digest('base64url').slice(0, 16)}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=600');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/xml; charset=utf-8').send(made.value[portal].xml);
    });
  }
}
