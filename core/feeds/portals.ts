/**
 * The property portals the site publishes feeds for (REFERENCE "Property portal feeds"), and the building facts
 * some of them ask for. One list for the feeds, the portals' ids import and `npm run feeds:check`.
 */
export const PORTALS = ['yandex', 'cian', 'avito', 'domclick'] as const;
export type Portal = (typeof PORTALS)[number];

export const PORTAL_NAMES: Record<Portal, string> = { yandex: 'Yandex Realty', cian: 'CIAN', avito: 'Avito', domclick: 'DomClick' };

/** A portal's own ids of a building's residential complex and of the building (its "house") in the portal's catalogue. */
export type PortalBuildingIds = { complexId: string; houseId: string | null };

/**
 * What a building is built of (Avito's `HouseType` requires it for flats). Codes; each portal's words for them
 * live with the portal's feed.
 */
export const BUILDING_MATERIALS = ['brick', 'monolith', 'monolith_brick', 'panel', 'block', 'wood'] as const;
export type BuildingMaterial = (typeof BUILDING_MATERIALS)[number];
