/**
 * The catalogue domain: projects, buildings, floors and lots, their states, prices and history. service.ts answers
 * every read (from the in-memory lot index, lot-index.ts, and SQL); ingest/ writes the catalogue (CSV import, the demo
 * generator); routes*.ts are the API calls and responses*.ts their answers' shapes.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
import type { LotType } from '#core/catalogue/types.ts';
import { urls } from './dto.ts';

export { lotSale, sellLots, settleEndedAuctions } from './auction-sales.ts';
export { bumpCatalogueVersion } from './ingest/write.ts';
export { FINISH_WORDS, LOT_TYPE_WORDS, SPEC_WORDS, catalogueTranslate, completionLabel, lotTitle, word } from './labels.ts';
export { picture } from './responses.ts';
/** A lot page's path (without the language prefix): `/<project slug>/<type>/<number>`. */
export const lotUrl = (projectSlug: string, type: LotType, number: string): string => urls.lot(projectSlug, type, number);
export { facets, specItem } from './responses-screens.ts';
export type { CatalogueServiceImpl, CatalogueState } from './service.ts';
export { findInCatalogue } from './text-search.ts';
export { readLotOffer, type LotOffer } from './lot-offer.ts';
