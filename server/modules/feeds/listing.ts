import { eq } from 'drizzle-orm';
import { parseCompletion, type CompletionQuarter } from '#core/catalogue/completion.ts';
import { MAX_LIMIT } from '#core/catalogue/filter.ts';
import { hasFinish } from '#core/catalogue/offer.ts';
import type { FilterLotStatus, Finish, LotCard, LotStatus, ProjectStatus } from '#core/catalogue/types.ts';
import { type BuildingMaterial, type Portal, type PortalBuildingIds } from '#core/feeds/portals.ts';
import { buildImageUrl } from '#core/image/url.ts';
import { applies } from '#core/purchase/payments.ts';
import type { Db } from '../../db/client.ts';
import { versionedQuery } from '../../db/read-tracking.ts';
import { buildings, lots, portalBuildingIds, projects } from '../../db/schema/index.ts';
import type { createImageSigner } from '../images/index.ts';
import { catalogueTranslate, completionLabel, FINISH_WORDS, lotTitle } from '../catalogue/index.ts';
import type { Services } from '../../services.ts';

/**
 * The portal-neutral listing: one lot as every portal feed describes it, made once from the live catalogue (the
 * lot index the lot page and the filter read, so price, areas, rooms, floor, completion, status and plan are the
 * page's own figures), the project (address, coordinates, photo), the building (floors, state, material), the
 * site settings (phone, company) and the finance programmes in force (whether a mortgage applies: core/purchase
 * `applies`, the rule the lot's "from N ₽ a month" uses). Each portal's feed (yandex.ts, cian.ts, avito.ts) maps
 * listings to its own elements and decides, with a stated reason, which listings it cannot take.
 */
export type ListingKind = 'flat' | 'parking' | 'commercial';

export type Listing = {
  lotId: string;
  number: string;
  kind: ListingKind;
  /** A sale, or premises let for rent (the price is then the monthly rent). */
  deal: 'sale' | 'rent';
  status: Exclude<LotStatus, 'sold'>;
  /** The lot page, absolute. */
  url: string;
  price: number;
  oldPrice: number | null;
  area: number;
  livingArea: number | null;
  kitchenArea: number | null;
  /** 0 = studio; null for parking and premises. */
  rooms: number | null;
  floor: number;
  ceiling: number;
  /** Null for a kind without a finish (parking). */
  finish: Finish | null;
  /** «2-комнатная квартира, 54,3 м²»: what the lot page calls it. */
  title: string;
  /** Plain text, no markup: what the lot is, where, its finish and completion, the project's tagline. */
  description: string;
  project: { id: string; name: string; status: ProjectStatus; address: string; lat: number; lng: number; photo: string };
  building: {
    id: string;
    name: string;
    floors: number | null;
    status: ProjectStatus;
    material: BuildingMaterial | null;
    /** The quarter now planned; null once handed over. */
    completion: CompletionQuarter | null;
  };
  sectionNumber: number;
  /** The lot plan as a PNG, absolute (signed when image signing is on). */
  plan: string;
  seller: { phone: string | null; company: string; email: string };
  /** A mortgage (or special mortgage offer) in force applies to this lot. */
  mortgageAllowed: boolean;
  ids: Partial<Record<Portal, PortalBuildingIds>>;
};

/** Why a lot is in no feed at all (each portal adds its own reasons: portals/*.ts). */
export const COMMON_REASONS = {
  sold: 'sold',
  auction: 'in an auction: sold by bids, no list price',
  reserved: 'reserved online with a deposit (or held while its buyer pays): not for sale until the reservation ends',
  storage: 'storage room: no portal has a category for it',
  presale: 'project in presale: no prices yet',
} as const;

export type LeftOut = { lotId: string; reason: string };
/** The listings every portal is offered, and every other lot of the catalogue with the reason it is in no feed. */
export type Listings = { listings: Listing[]; leftOut: LeftOut[]; generatedAt: Date };

async function allPages(services: Services, status: FilterLotStatus[]): Promise<LotCard[]> {
  const all: LotCard[] = [];
  for (let offset = 0; ; offset += MAX_LIMIT) {
    const page = await services.catalogue.filter({ status, ordering: 'price', limit: MAX_LIMIT, offset }, 'ru');
    all.push(...page.results);
    if (!page.next) return all;
  }
}

/** Each portal's ids of each building: `ids.get(buildingId)?.cian`. */
export async function readPortalIds(db: Db): Promise<Map<string, Partial<Record<Portal, PortalBuildingIds>>>> {
  const rows = await db.select().from(portalBuildingIds);
  const byBuilding = new Map<string, Partial<Record<Portal, PortalBuildingIds>>>();
  for (const row of rows) {
    const key = String(row.buildingId);
    const entry = byBuilding.get(key) ?? {};
    entry[row.portal] = { complexId: row.complexId, houseId: row.houseId };
    byBuilding.set(key, entry);
  }
  return byBuilding;
}

export async function collectListings(
  services: Services,
  opts: { origin: string; sign?: ReturnType<typeof createImageSigner> | undefined },
): Promise<Listings> {
  const { origin, sign } = opts;
  const db = services.database.db;
  const forSale = await allPages(services, ['free', 'booked']);
  // The catalogue's own tables, read for what the lot index does not hold: versioned with the lot index just read
  // (a newer import moves that version, and the feeds are made again: server/db/kept.ts).
  const catalogueRead = <T>(load: () => Promise<T>) => versionedQuery('catalogue', services.catalogue.loadedVersion() ?? 'none', load);
  const [forRent, everyLot, projectCards, settings, facts, ids, programmes] = await Promise.all([
    services.catalogue.lotsForRent('ru'),
    catalogueRead(() => db.select({ id: lots.id, status: lots.status, type: lots.type }).from(lots)),
    services.catalogue.projects('ru'),
    services.settings.get('ru'),
    catalogueRead(() =>
      db
        .select({
          id: buildings.id,
          material: buildings.material,
          status: buildings.status,
          floors: buildings.floorsCount,
          lat: projects.lat,
          lng: projects.lng,
        })
        .from(buildings)
        .innerJoin(projects, eq(projects.id, buildings.projectId)),
    ),
    catalogueRead(() => readPortalIds(db)),
    services.finance.valid(),
  ]);
  const day = services.finance.today();
  const mortgages = programmes.filter((p) => p.kind !== 'installment');
  const projectById = new Map(projectCards.map((p) => [p.id, p]));
  const buildingById = new Map(facts.map((b) => [String(b.id), b]));
  const image = (src: string) => origin + buildImageUrl(src, { width: 1200, format: 'png' }, sign ? { sign } : {});
  const leftOut: LeftOut[] = [];
  const listings: Listing[] = [];
  // Portals are read in Russian: the descriptions' words come from the Russian catalog.
  const t = catalogueTranslate('ru');
  for (const lot of [...forSale, ...forRent]) {
    const project = projectById.get(lot.projectId);
    if (lot.type === 'pantry') {
      leftOut.push({ lotId: lot.id, reason: COMMON_REASONS.storage });
      continue;
    }
    if (!project || project.status === 'presale' || lot.offer === 'presale') {
      leftOut.push({ lotId: lot.id, reason: COMMON_REASONS.presale });
      continue;
    }
    const building = buildingById.get(lot.buildingId);
    const title = lotTitle(lot.type, lot.rooms, lot.euro, lot.area, 'ru');
    const finish = hasFinish(lot.type) ? lot.finish : null;
    const floors = building?.floors ?? null;
    const description = [
      t('catalogue.words.feed.place', {
        title,
        project: project.name,
        building: lot.buildingName.toLowerCase(),
        section: lot.sectionNumber,
        floor:
          lot.floor < 0
            ? t('catalogue.words.feed.underground', { floor: -lot.floor })
            : floors
              ? t('catalogue.words.feed.floorOf', { floor: lot.floor, floors })
              : t('catalogue.words.feed.floor', { floor: lot.floor }),
      }),
      finish ? `${FINISH_WORDS[finish]?.ru ?? finish}.` : '',
      t('catalogue.words.feed.completion', { when: completionLabel(lot.completion, 'ru') }),
      project.tagline ? `${project.tagline.replace(/[.!]?$/, '.')}` : '',
      t('catalogue.words.feed.address', { address: project.address }),
    ]
      .filter(Boolean)
      .join(' ');
    listings.push({
      lotId: lot.id,
      number: lot.number,
      kind: lot.type,
      deal: lot.offer === 'rent' ? 'rent' : 'sale',
      status: lot.status === 'booked' ? 'booked' : 'free',
      url: origin + lot.url,
      price: lot.price,
      oldPrice: lot.oldPrice,
      area: lot.area,
      livingArea: lot.livingArea,
      kitchenArea: lot.kitchenArea,
      rooms: lot.type === 'flat' ? lot.rooms : null,
      floor: lot.floor,
      ceiling: lot.ceiling,
      finish,
      title,
      description,
      project: {
        id: project.id,
        name: project.name,
        status: project.status,
        address: project.address,
        lat: building?.lat ?? 0,
        lng: building?.lng ?? 0,
        photo: image(project.image.src),
      },
      building: {
        id: lot.buildingId,
        name: lot.buildingName,
        floors,
        status: building?.status ?? project.status,
        material: building?.material ?? null,
        completion: parseCompletion(lot.completion),
      },
      sectionNumber: lot.sectionNumber,
      plan: image(lot.plan.src),
      seller: { phone: settings.phones[0]?.number ?? null, company: settings.companyName, email: settings.email },
      mortgageAllowed:
        lot.offer === 'sale' &&
        mortgages.some((p) => applies(p, { id: lot.id, projectId: lot.projectId, type: lot.type, offer: lot.offer, price: lot.price }, day)),
      ids: ids.get(lot.buildingId) ?? {},
    });
  }
  // Every other lot of the catalogue, with why: sold, a storage room, or of a project in presale (the filter and
  // the rent list leave those out), so included and left out add up to the whole catalogue.
  const seen = new Set([...listings.map((l) => l.lotId), ...leftOut.map((l) => l.lotId)]);
  const unseen = everyLot.filter((lot) => !seen.has(String(lot.id)));
  // The lot's one state is the catalogue's (its row's status, or its auction's): read it for those the row does not settle.
  const state = new Map(
    (
      await services.catalogue.lotsByIds(
        unseen.filter((lot) => lot.status !== 'sold' && lot.type !== 'pantry').map((lot) => String(lot.id)),
        'ru',
      )
    ).map((card) => [card.id, card.status]),
  );
  for (const lot of unseen) {
    const id = String(lot.id);
    const status = state.get(id) ?? lot.status;
    const reason =
      status === 'sold'
        ? COMMON_REASONS.sold
        : status === 'auction'
          ? COMMON_REASONS.auction
          : status === 'reserved' || status === 'held'
            ? COMMON_REASONS.reserved
            : lot.type === 'pantry'
              ? COMMON_REASONS.storage
              : COMMON_REASONS.presale;
    leftOut.push({ lotId: id, reason });
  }
  return { listings, leftOut, generatedAt: new Date() };
}
