import { PORTAL_NAMES, type Portal } from '#core/feeds/portals.ts';
import type { Listing } from '../listing.ts';
import { at, childElements, el, textOf, type XmlElement } from '../xml.ts';
import { area, httpUrl, integer, nonEmpty, oneOf, positive, req, splitPhone, type PortalFeed, type Requirement } from './types.ts';

const QUARTERS = ['first', 'second', 'third', 'fourth'] as const;
/** CIAN's `FlatRoomsCount`: 1–5 rooms, 6 for six or more, 9 for a studio. */
export const cianRooms = (rooms: number): number => (rooms === 0 ? 9 : Math.min(rooms, 6));
const DECORATION = { none: 'without', whitebox: 'rough', finished: 'fine', furnished: 'fine' } as const;

function category(listing: Listing): string {
  if (listing.kind === 'flat') return 'newBuildingFlatSale';
  if (listing.kind === 'parking') return 'garageSale';
  return listing.deal === 'rent' ? 'freeAppointmentObjectRent' : 'freeAppointmentObjectSale';
}

/**
 * CIAN's feed v2 (`<feed><feed_version>2</feed_version><object>…`, REFERENCE "Property portal feeds"): flats as
 * `newBuildingFlatSale` with `JKSchema` (CIAN's ids of the complex and the house, from the portals' ids table),
 * parking spaces as `garageSale` (a parking place), commercial units as `freeAppointmentObjectSale`, and premises let
 * as `freeAppointmentObjectRent` (a monthly price, direct lease). A flat whose building has no CIAN complex and house
 * id is refused: CIAN files a new-building flat under its house or rejects it. DomClick reads the same schema
 * (`domclickFeed`, its own ids).
 */
export function cianSchemaFeed(portal: Extract<Portal, 'cian' | 'domclick'>): PortalFeed {
  const name = PORTAL_NAMES[portal];
  return {
    portal,
    path: `/feeds/${portal}.xml`,
    refuse(listing) {
      const ids = listing.ids[portal];
      if (listing.kind === 'flat' && (!ids || !ids.houseId)) return `no ${name} complex and house id for building ${listing.building.id}`;
      if (!splitPhone(listing.seller.phone)) return 'no valid phone number in the site settings';
      return null;
    },
    offer(listing: Listing) {
      const phone = splitPhone(listing.seller.phone)!;
      const ids = listing.ids[portal];
      const flat = listing.kind === 'flat';
      const completion = listing.building.completion;
      const handedOver = listing.building.status === 'completed';
      return el(
        'object',
        el('Category', category(listing)),
        el('ExternalId', listing.lotId),
        el('Description', listing.description),
        el('Address', listing.project.address),
        el('Coordinates', el('Lat', listing.project.lat), el('Lng', listing.project.lng)),
        el('Phones', el('PhoneSchema', el('CountryCode', phone.countryCode), el('Number', phone.number))),
        el('LayoutPhoto', el('FullUrl', listing.plan), el('IsDefault', true)),
        el(
          'Photos',
          el('PhotoSchema', el('FullUrl', listing.plan), el('IsDefault', true)),
          el('PhotoSchema', el('FullUrl', listing.project.photo), el('IsDefault', false)),
        ),
        flat ? el('FlatRoomsCount', cianRooms(listing.rooms ?? 0)) : null,
        el('TotalArea', area(listing.area)),
        flat ? el('LivingArea', area(listing.livingArea)) : null,
        flat ? el('KitchenArea', area(listing.kitchenArea)) : null,
        el('FloorNumber', listing.floor),
        listing.finish ? el('Decoration', DECORATION[listing.finish]) : null,
        flat && ids
          ? el(
              'JKSchema',
              el('Id', ids.complexId),
              el('Name', listing.project.name),
              el(
                'House',
                el('Id', ids.houseId),
                el('Name', listing.building.name),
                el('Flat', el('FlatNumber', listing.number), el('SectionNumber', listing.sectionNumber)),
              ),
            )
          : null,
        listing.kind === 'parking' ? el('Garage', el('Type', 'parkingPlace')) : null,
        el(
          'Building',
          el('FloorsCount', listing.building.floors),
          el('CeilingHeight', listing.ceiling),
          flat
            ? el(
                'Deadline',
                handedOver || !completion ? null : el('Quarter', QUARTERS[completion.quarter - 1]),
                handedOver || !completion ? null : el('Year', completion.year),
                el('IsComplete', handedOver),
              )
            : null,
        ),
        el(
          'BargainTerms',
          el('Price', listing.price),
          el('Currency', 'rur'),
          listing.deal === 'rent' ? [el('PaymentPeriod', 'monthly'), el('LeaseType', 'direct')] : el('MortgageAllowed', listing.mortgageAllowed),
          flat ? el('SaleType', handedOver ? 'free' : 'fz214') : null,
        ),
      )!;
    },
    document(offers) {
      return el('feed', el('feed_version', 2), offers)!;
    },
    offersOf(root) {
      return childElements(root, 'object').map((node) => ({ id: textOf(at(node, 'ExternalId') ?? node), node }));
    },
    checkRoot(root) {
      const problems: string[] = [];
      if (root.name !== 'feed') problems.push('the root is <feed>');
      if (textOf(at(root, 'feed_version') ?? root) !== '2') problems.push('feed_version: 2');
      return problems;
    },
    requirements(offer: XmlElement) {
      const cat = textOf(at(offer, 'Category') ?? offer);
      const rules: Requirement[] = [
        req('Category', oneOf('newBuildingFlatSale', 'garageSale', 'freeAppointmentObjectSale', 'freeAppointmentObjectRent'), 'a category of ours'),
        req('ExternalId', (t) => /^\d+$/.test(t), 'the lot id'),
        req('Description', nonEmpty, 'a description'),
        req('Address', nonEmpty, 'an address'),
        req('Coordinates/Lat', (t) => Math.abs(Number(t)) > 0 && Math.abs(Number(t)) <= 90, 'a latitude'),
        req('Coordinates/Lng', (t) => Math.abs(Number(t)) > 0 && Math.abs(Number(t)) <= 180, 'a longitude'),
        req('Phones/PhoneSchema/CountryCode', oneOf('+7'), '+7'),
        req('Phones/PhoneSchema/Number', (t) => /^\d{10}$/.test(t), 'ten digits'),
        req('Photos/PhotoSchema/FullUrl', httpUrl, 'a photo URL'),
        req('TotalArea', positive, 'a positive area'),
        req('FloorNumber', integer, 'a floor number'),
        req('BargainTerms/Price', positive, 'a positive price'),
        req('BargainTerms/Currency', oneOf('rur'), 'rur'),
      ];
      if (cat === 'newBuildingFlatSale') {
        const complete = textOf(at(offer, 'Building/Deadline/IsComplete') ?? offer) === 'true';
        // A studio has no kitchen of its own: its kitchen area is part of the room.
        if (textOf(at(offer, 'FlatRoomsCount') ?? offer) !== '9') rules.push(req('KitchenArea', positive, 'a positive kitchen area (a studio has none)'));
        rules.push(
          req('FlatRoomsCount', oneOf('1', '2', '3', '4', '5', '6', '9'), '1–6, or 9 for a studio'),
          req('LivingArea', positive, 'a positive living area'),
          req('JKSchema/Id', nonEmpty, `${name}’s id of the complex`),
          req('JKSchema/Name', nonEmpty, 'the complex’s name'),
          req('JKSchema/House/Id', nonEmpty, `${name}’s id of the house`),
          req('JKSchema/House/Name', nonEmpty, 'the house’s name'),
          req('JKSchema/House/Flat/FlatNumber', nonEmpty, 'the flat’s number'),
          req('JKSchema/House/Flat/SectionNumber', (t) => integer(t) && Number(t) > 0, 'the section'),
          req('Building/FloorsCount', (t) => integer(t) && Number(t) > 0, 'the building’s floors'),
          req('Building/Deadline/IsComplete', oneOf('true', 'false'), 'true or false'),
          req('BargainTerms/MortgageAllowed', oneOf('true', 'false'), 'true or false'),
          req('BargainTerms/SaleType', oneOf('fz214', 'free', 'dupt', 'pdkp', 'investment', 'dzhsk', 'alternative'), 'a sale type'),
          req('LayoutPhoto/FullUrl', httpUrl, 'the plan'),
        );
        if (!complete)
          rules.push(
            req('Building/Deadline/Quarter', oneOf(...QUARTERS), 'first to fourth'),
            req('Building/Deadline/Year', (t) => /^\d{4}$/.test(t), 'a year'),
          );
      }
      if (cat === 'garageSale') rules.push(req('Garage/Type', oneOf('parkingPlace', 'garage', 'box'), 'parkingPlace'));
      if (cat === 'freeAppointmentObjectRent') rules.push(req('BargainTerms/PaymentPeriod', oneOf('monthly', 'annual'), 'monthly'));
      return rules;
    },
  };
}

export const cianFeed = cianSchemaFeed('cian');
/**
 * DomClick: its feed documentation (blog.domclick.ru, "Настройка продвижения объявлений через XML-фид", 2023)
 * names three formats it reads — Yandex Realty's, Avito's and CIAN's v2 — so its feed is CIAN's v2 document at its
 * own address, with DomClick's own ids of complexes and houses in `JKSchema` (ADR 018).
 */
export const domclickFeed = cianSchemaFeed('domclick');
