import type { Listing } from '../listing.ts';
import { childElements, el, textOf, type XmlElement } from '../xml.ts';
import { httpUrl, integer, nonEmpty, oneOf, positive, req, type PortalFeed, type Requirement } from './types.ts';

const NS = 'http://webmaster.yandex.ru/schemas/feed/realty/2010-06';
/** Building states of the Yandex schema: not finished, finished but not handed over, handed over. */
const BUILDING_STATE = { construction: 'unfinished', presale: 'unfinished', completed: 'hand-over' } as const;
const RENOVATION = { none: 'требует ремонта', whitebox: 'черновая отделка', finished: 'чистовая отделка', furnished: 'дизайнерский' } as const;

/** `2026-11-20T10:00:00+00:00`: Yandex's date format. */
const yandexDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
const m2 = (name: string, value: number | null) => (value ? el(name, el('value', value), el('unit', 'кв. м')) : null);

/**
 * Yandex Realty's `realty-feed` (REFERENCE "Property portal feeds"): one `<offer>` per flat, parking space and
 * commercial unit for sale, free or booked, and per premises let for rent (a rent offer with a monthly price).
 * A new flat carries `yandex-building-id` and `yandex-house-id` (the portal's ids of the complex and the house,
 * from the portals' ids table); a flat whose building has none is refused: Yandex would not match it to its house.
 */
export const yandexFeed: PortalFeed = {
  portal: 'yandex',
  path: '/feeds/yandex.xml',
  refuse(listing) {
    const ids = listing.ids.yandex;
    if (listing.kind === 'flat' && (!ids || !ids.houseId)) return `no Yandex building and house id for building ${listing.building.id}`;
    return null;
  },
  offer(listing: Listing, generatedAt: Date) {
    const rent = listing.deal === 'rent';
    const ids = listing.kind === 'flat' ? listing.ids.yandex : undefined;
    const category =
      listing.kind === 'flat'
        ? [el('category', 'квартира'), listing.rooms === 0 ? el('studio', 1) : el('rooms', listing.rooms), el('new-flat', 1)]
        : listing.kind === 'parking'
          ? [el('category', 'гараж'), el('garage-type', 'машиноместо')]
          : [el('category', 'коммерческая'), el('commercial-type', 'free purpose')];
    const completion = listing.building.completion;
    return el(
      'offer',
      { 'internal-id': listing.lotId },
      el('type', rent ? 'аренда' : 'продажа'),
      el('property-type', listing.kind === 'commercial' ? 'коммерческая' : 'жилая'),
      category,
      el('url', listing.url),
      el('creation-date', yandexDate(generatedAt)),
      el('location', el('country', 'Россия'), el('locality-name', 'Москва'), el('address', listing.project.address)),
      el(
        'sales-agent',
        el('phone', listing.seller.phone),
        el('category', 'застройщик'),
        el('organization', listing.seller.company),
        el('email', listing.seller.email),
      ),
      el('price', el('value', listing.price), el('currency', 'RUB'), rent ? el('period', 'месяц') : null),
      m2('area', listing.area),
      m2('living-space', listing.livingArea),
      m2('kitchen-space', listing.kitchenArea),
      el('floor', listing.floor),
      el('floors-total', listing.building.floors),
      el('building-name', listing.project.name),
      el('building-section', listing.building.name),
      el('yandex-building-id', ids?.complexId),
      el('yandex-house-id', ids?.houseId),
      el('building-state', BUILDING_STATE[listing.building.status]),
      el('built-year', completion?.year),
      el('ready-quarter', completion?.quarter),
      el('ceiling-height', listing.ceiling),
      listing.finish ? el('renovation', RENOVATION[listing.finish]) : null,
      el('deal-status', rent ? 'прямая аренда' : 'первичная продажа'),
      el('image', listing.plan),
    )!;
  },
  document(offers, generatedAt) {
    return el('realty-feed', { xmlns: NS }, el('generation-date', yandexDate(generatedAt)), offers)!;
  },
  offersOf(root) {
    return childElements(root, 'offer').map((node) => ({ id: node.attrs['internal-id'] ?? '', node }));
  },
  checkRoot(root) {
    const problems: string[] = [];
    if (root.name !== 'realty-feed' || root.attrs.xmlns !== NS) problems.push(`the root is <realty-feed xmlns="${NS}">`);
    const date = childElements(root, 'generation-date')[0];
    if (!date || Number.isNaN(Date.parse(textOf(date)))) problems.push('generation-date: an ISO 8601 date');
    return problems;
  },
  requirements(offer: XmlElement) {
    const category = textOf(childElements(offer, 'category')[0] ?? { name: '', attrs: {}, children: [] });
    const rules: Requirement[] = [
      req('type', oneOf('продажа', 'аренда'), 'продажа or аренда'),
      req('property-type', oneOf('жилая', 'коммерческая'), 'жилая or коммерческая'),
      req('category', oneOf('квартира', 'гараж', 'коммерческая'), 'квартира, гараж or коммерческая'),
      req('url', httpUrl, 'the lot page'),
      req('creation-date', (t) => !Number.isNaN(Date.parse(t)), 'an ISO 8601 date'),
      req('location/country', nonEmpty, 'a country'),
      req('location/locality-name', nonEmpty, 'a locality'),
      req('location/address', nonEmpty, 'an address'),
      req('sales-agent/phone', (t) => /^\+7\d{10}$/.test(t), '+7 and ten digits'),
      req('sales-agent/category', oneOf('застройщик'), 'застройщик'),
      req('deal-status', oneOf('первичная продажа', 'прямая аренда'), 'первичная продажа or прямая аренда'),
      req('price/value', positive, 'a positive price'),
      req('price/currency', oneOf('RUB'), 'RUB'),
      req('area/value', positive, 'a positive area'),
      req('area/unit', oneOf('кв. м'), 'кв. м'),
      req('image', httpUrl, 'the plan image'),
      req('floor', integer, 'a floor number'),
    ];
    if (category === 'квартира') {
      const studio = childElements(offer, 'studio').length > 0;
      rules.push(
        req('new-flat', oneOf('1'), '1'),
        studio ? req('studio', oneOf('1'), '1') : req('rooms', (t) => integer(t) && Number(t) > 0, 'a room count'),
        req('living-space/value', positive, 'a positive living area'),
        req('floors-total', (t) => integer(t) && Number(t) > 0, 'the building’s floors'),
        req('yandex-building-id', nonEmpty, 'Yandex’s id of the complex'),
        req('yandex-house-id', nonEmpty, 'Yandex’s id of the house'),
        req('building-state', oneOf('unfinished', 'hand-over'), 'unfinished or hand-over'),
      );
      if (childElements(offer, 'building-state').some((s) => textOf(s) === 'unfinished'))
        rules.push(
          req('built-year', (t) => /^\d{4}$/.test(t), 'a year'),
          req('ready-quarter', oneOf('1', '2', '3', '4'), '1 to 4'),
        );
    }
    if (category === 'гараж') rules.push(req('garage-type', oneOf('машиноместо', 'гараж', 'бокс'), 'машиноместо'));
    return rules;
  },
};
