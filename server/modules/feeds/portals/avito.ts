import type { BuildingMaterial } from '#core/feeds/portals.ts';
import type { Listing } from '../listing.ts';
import { at, childElements, el, textOf, type XmlElement } from '../xml.ts';
import { area, httpUrl, integer, nonEmpty, oneOf, positive, req, splitPhone, type PortalFeed, type Requirement } from './types.ts';

/** Avito's words for what a house is built of (`HouseType`). */
export const AVITO_HOUSE_TYPE: Record<BuildingMaterial, string> = {
  brick: 'Кирпичный',
  monolith: 'Монолитный',
  monolith_brick: 'Монолитно-кирпичный',
  panel: 'Панельный',
  block: 'Блочный',
  wood: 'Деревянный',
};
const DECORATION = { none: 'Без отделки', whitebox: 'Предчистовая', finished: 'Чистовая', furnished: 'Чистовая' } as const;
/** Avito's `Description`: at most 7,500 characters, no markup. */
export const AVITO_DESCRIPTION_MAX = 7500;

/** Avito's `Rooms`: «Студия», 1–9, «10 и более». */
export const avitoRooms = (rooms: number): string => (rooms === 0 ? 'Студия' : rooms >= 10 ? '10 и более' : String(rooms));

/** Plain text for Avito: tags and entities out, spaces collapsed, cut at a word within the limit. */
export function avitoDescription(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= AVITO_DESCRIPTION_MAX) return plain;
  const cut = plain.slice(0, AVITO_DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), AVITO_DESCRIPTION_MAX / 2)).trimEnd()}…`;
}

const CATEGORY = { flat: 'Квартиры', parking: 'Гаражи и машиноместа', commercial: 'Коммерческая недвижимость' } as const;

/**
 * Avito Autoload (`<Ads formatVersion="3" target="Avito.ru"><Ad>…`, REFERENCE "Property portal feeds"): flats as
 * «Квартиры» in a new development («Новостройка», `NewDevelopmentId`: Avito's id of the house, else of the complex,
 * from the portals' ids table; sold by the developer), parking spaces as «Гаражи и машиноместа» (a place in an
 * underground car park), commercial units as «Коммерческая недвижимость» (free-purpose premises, sold or let). A
 * flat is refused when its building has no Avito id (Avito rejects a new-build flat outside its catalogue of
 * developments) or no recorded material (`HouseType` is required).
 */
export const avitoFeed: PortalFeed = {
  portal: 'avito',
  path: '/feeds/avito.xml',
  refuse(listing) {
    if (!splitPhone(listing.seller.phone)) return 'no valid phone number in the site settings';
    if (listing.kind !== 'flat') return null;
    if (!listing.ids.avito) return `no Avito development id for building ${listing.building.id}`;
    if (!listing.building.material) return `no house type (material) recorded for building ${listing.building.id}`;
    if (!listing.building.floors) return `no floor count for building ${listing.building.id}`;
    return null;
  },
  offer(listing: Listing) {
    const phone = splitPhone(listing.seller.phone)!;
    const flat = listing.kind === 'flat';
    const ids = listing.ids.avito;
    return el(
      'Ad',
      el('Id', listing.lotId),
      el('Category', CATEGORY[listing.kind]),
      el('OperationType', listing.deal === 'rent' ? 'Сдам' : 'Продам'),
      el('Address', listing.project.address),
      el('Latitude', listing.project.lat),
      el('Longitude', listing.project.lng),
      el('Description', avitoDescription(listing.description)),
      el('Price', listing.price),
      el('ContactPhone', phone.e164),
      el('CompanyName', listing.seller.company),
      el('Images', el('Image', { url: listing.plan }), el('Image', { url: listing.project.photo })),
      flat
        ? [
            el('Rooms', avitoRooms(listing.rooms ?? 0)),
            el('Square', area(listing.area)),
            el('LivingSpace', area(listing.livingArea)),
            el('KitchenSpace', area(listing.kitchenArea)),
            el('Floor', listing.floor),
            el('Floors', listing.building.floors),
            el('HouseType', listing.building.material ? AVITO_HOUSE_TYPE[listing.building.material] : null),
            el('MarketType', 'Новостройка'),
            el('NewDevelopmentId', ids?.houseId ?? ids?.complexId),
            el('PropertyRights', 'Застройщик'),
            listing.finish ? el('Decoration', DECORATION[listing.finish]) : null,
          ]
        : null,
      listing.kind === 'parking' ? [el('ObjectType', 'Машиноместо'), el('ObjectSubtype', 'Подземная парковка'), el('Square', area(listing.area))] : null,
      listing.kind === 'commercial'
        ? [
            el('ObjectType', 'Помещение свободного назначения'),
            el('PropertyRights', 'Собственник'),
            el('Square', area(listing.area)),
            el('Floor', listing.floor),
            listing.deal === 'rent' ? el('RentalType', 'Прямая') : null,
          ]
        : null,
    )!;
  },
  document(offers) {
    return el('Ads', { formatVersion: '3', target: 'Avito.ru' }, offers)!;
  },
  offersOf(root) {
    return childElements(root, 'Ad').map((node) => ({ id: textOf(at(node, 'Id') ?? node), node }));
  },
  checkRoot(root) {
    return root.name === 'Ads' && root.attrs.formatVersion === '3' && root.attrs.target === 'Avito.ru'
      ? []
      : ['the root is <Ads formatVersion="3" target="Avito.ru">'];
  },
  requirements(offer: XmlElement) {
    const cat = textOf(at(offer, 'Category') ?? offer);
    const rules: Requirement[] = [
      req('Id', (t) => /^\d+$/.test(t), 'the lot id'),
      req('Category', oneOf(...Object.values(CATEGORY)), 'a category of ours'),
      req('OperationType', oneOf('Продам', 'Сдам'), 'Продам or Сдам'),
      req('Address', nonEmpty, 'an address'),
      req('Description', (t) => t.length > 0 && t.length <= AVITO_DESCRIPTION_MAX && !/[<>]/.test(t), `plain text of 1–${AVITO_DESCRIPTION_MAX} characters`),
      req('Price', positive, 'a positive price'),
      req('ContactPhone', (t) => /^\+7\d{10}$/.test(t), '+7 and ten digits'),
      req('Square', positive, 'a positive area'),
      req('Images/Image/@url', httpUrl, 'an image URL'),
    ];
    if (cat === CATEGORY.flat)
      rules.push(
        req('OperationType', oneOf('Продам'), 'Продам'),
        req('Rooms', (t) => t === 'Студия' || t === '10 и более' || /^[1-9]$/.test(t), 'Студия, 1–9 or 10 и более'),
        req('Floor', integer, 'a floor'),
        req('Floors', (t) => integer(t) && Number(t) > 0, 'the building’s floors'),
        req('HouseType', oneOf(...Object.values(AVITO_HOUSE_TYPE)), 'a house type'),
        req('MarketType', oneOf('Новостройка'), 'Новостройка'),
        req('NewDevelopmentId', nonEmpty, 'Avito’s id of the development'),
        req('PropertyRights', oneOf('Застройщик'), 'Застройщик'),
      );
    if (cat === CATEGORY.parking) rules.push(req('ObjectType', oneOf('Машиноместо', 'Гараж'), 'Машиноместо'));
    if (cat === CATEGORY.commercial) rules.push(req('ObjectType', nonEmpty, 'a kind of premises'), req('Floor', integer, 'a floor'));
    return rules;
  },
};
