/**
 * The feeds domain (ADR 018): the property-portal feeds (Yandex, CIAN, Avito, DomClick). listing.ts collects the lots
 * a feed offers, portals/ writes each portal's XML, documents.ts checks them, ids.ts keeps the portals' own lot ids,
 * routes.ts serves `/feeds/*.xml`. Nothing here is used by another domain.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export {};
