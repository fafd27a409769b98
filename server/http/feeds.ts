import type { FastifyInstance } from 'fastify';
import { hasFinish } from '#core/catalogue/offer.ts';
import { parseCompletion } from '#core/catalogue/completion.ts';
import type { LotCard } from '#core/catalogue/types.ts';
import { MAX_LIMIT } from '#core/catalogue/filter.ts';
import { buildImageUrl } from '#core/image/url.ts';
import type { Config } from '../config.ts';
import { createImageSigner } from '../images/index.ts';
import type { Services } from '../services/index.ts';
import { escapeXml } from './xml.ts';

const YANDEX_NS = 'http://webmaster.yandex.ru/schemas/feed/realty/2010-06';
/** An element with its text, or nothing when there is no value. */
const tag = (name: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : `<${name}>${escapeXml(String(value))}</${name}>`;

/** Building states of the Yandex schema: not finished, finished but not handed over, handed over. */
const BUILDING_STATE = { construction: 'unfinished', presale: 'unfinished', completed: 'hand-over' } as const;

/**
 * The property-portal feed (REFERENCE "Property portal feeds"): Yandex Realty's `realty-feed`, one `<offer>` per
 * lot for sale, free or booked, and per premises let for rent (a rent offer with a monthly price), from the live catalogue. Sold lots leave it at the next catalogue version;
 * presale projects (no prices yet) and storage rooms (no category in the schema) are not in it. Made once per
 * catalogue version and served with an ETag, so a portal polling it hourly costs one comparison.
 */
export function registerFeedRoutes(app: FastifyInstance, opts: { services: Services; config: Config }): void {
  const { services, config } = opts;
  const origin = config.siteOrigin;
  const sign = config.IMGPROXY_KEY && config.IMGPROXY_SALT ? createImageSigner({ key: config.IMGPROXY_KEY, salt: config.IMGPROXY_SALT }) : undefined;
  let memo: { version: number; xml: Promise<string> } | null = null;

  async function lotsForSale(): Promise<LotCard[]> {
    const all: LotCard[] = [];
    for (let offset = 0; ; offset += MAX_LIMIT) {
      const page = await services.catalogue.filter({ status: ['free', 'booked'], ordering: 'price', limit: MAX_LIMIT, offset }, 'ru');
      all.push(...page.results);
      if (!page.next) return all;
    }
  }

  async function build(): Promise<string> {
    const [forSale, forRent, projects, settings] = await Promise.all([
      lotsForSale(),
      services.catalogue.lotsForRent('ru'),
      services.catalogue.projects('ru'),
      services.settings.get('ru'),
    ]);
    const lots = [...forSale, ...forRent];
    const projectById = new Map(projects.map((project) => [project.id, project]));
    const factsByBuilding = new Map<string, Promise<{ floors: number; state: string } | null>>();
    const buildingFacts = (lot: LotCard) => {
      let facts = factsByBuilding.get(lot.buildingId);
      if (!facts) {
        facts = services.catalogue
          .building(lot.projectId, lot.buildingId, 'ru')
          .then((building) => (building ? { floors: building.floorsCount, state: BUILDING_STATE[building.status] } : null));
        factsByBuilding.set(lot.buildingId, facts);
      }
      return facts;
    };
    const generated = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
    const offers: string[] = [];
    for (const lot of lots) {
      if (lot.type === 'pantry') continue;
      const project = projectById.get(lot.projectId);
      if (!project || project.status === 'presale') continue;
      const facts = await buildingFacts(lot);
      const quarter = parseCompletion(lot.completion);
      const category =
        lot.type === 'flat'
          ? tag('category', 'квартира') + (lot.rooms === 0 ? tag('studio', 1) : tag('rooms', lot.rooms)) + tag('new-flat', 1)
          : lot.type === 'parking'
            ? tag('category', 'гараж') + tag('garage-type', 'машиноместо')
            : tag('category', 'коммерческая') + tag('commercial-type', 'free purpose');
      // Premises let for rent: a rent offer with its monthly price (Yandex: type «аренда», price period «месяц», deal «прямая аренда»).
      const rent = lot.offer === 'rent';
      const plan = buildImageUrl(lot.plan.src, { width: 1200, format: 'png' }, sign ? { sign } : {});
      offers.push(
        [
          `<offer internal-id="${escapeXml(lot.id)}">`,
          tag('type', rent ? 'аренда' : 'продажа'),
          tag('property-type', lot.type === 'commercial' ? 'коммерческая' : 'жилая'),
          category,
          tag('url', origin + lot.url),
          tag('creation-date', generated),
          `<location>${tag('country', 'Россия')}${tag('locality-name', 'Москва')}${tag('address', project.address)}</location>`,
          `<sales-agent>${tag('phone', settings.phones[0]?.number)}${tag('category', 'застройщик')}${tag('organization', settings.companyName)}${tag('email', settings.email)}</sales-agent>`,
          `<price>${tag('value', lot.price)}${tag('currency', 'RUB')}${rent ? tag('period', 'месяц') : ''}</price>`,
          `<area>${tag('value', lot.area)}${tag('unit', 'кв. м')}</area>`,
          lot.livingArea ? `<living-space>${tag('value', lot.livingArea)}${tag('unit', 'кв. м')}</living-space>` : '',
          lot.kitchenArea ? `<kitchen-space>${tag('value', lot.kitchenArea)}${tag('unit', 'кв. м')}</kitchen-space>` : '',
          tag('floor', lot.floor),
          tag('floors-total', facts?.floors),
          tag('building-name', lot.projectName),
          tag('building-section', lot.buildingName),
          tag('building-state', facts?.state),
          tag('built-year', quarter?.year),
          tag('ready-quarter', quarter?.quarter),
          tag('ceiling-height', lot.ceiling),
          hasFinish(lot.type)
            ? tag('renovation', { none: 'требует ремонта', whitebox: 'черновая отделка', finished: 'чистовая отделка', furnished: 'дизайнерский' }[lot.finish])
            : '',
          tag('deal-status', rent ? 'прямая аренда' : 'первичная продажа'),
          tag('image', origin + plan),
          '</offer>',
        ].join(''),
      );
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<realty-feed xmlns="${YANDEX_NS}">\n${tag('generation-date', generated)}\n${offers.join('\n')}\n</realty-feed>\n`;
  }

  app.get('/feeds/yandex.xml', async (request, reply) => {
    const version = await services.catalogue.version();
    if (!memo || memo.version !== version) {
      memo = { version, xml: build() };
      memo.xml.catch(() => (memo = null));
    }
    const etag = `"catalogue-${version}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=600');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/xml; charset=utf-8').send(await memo.xml);
  });
}
