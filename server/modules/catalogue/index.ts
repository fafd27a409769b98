/**
 * The catalogue domain: projects, buildings, floors and lots, their states, prices and history. service.ts answers
 * every read (from the in-memory lot index, lot-index.ts, and SQL); ingest/ writes the catalogue (CSV import, the demo
 * generator); routes*.ts are the API calls and responses*.ts their answers' shapes.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { lotSale, sellLots, settleEndedAuctions } from './auction-sales.ts';
export { bumpCatalogueVersion } from './ingest/write.ts';
export { FINISH_WORDS, LOT_TYPE_WORDS, SPEC_WORDS, catalogueTranslate, completionLabel, lotTitle, word } from './labels.ts';
export { picture } from './responses.ts';
export { facets, specItem } from './responses-screens.ts';
export type { CatalogueServiceImpl, CatalogueState } from './service.ts';
export { findInCatalogue } from './text-search.ts';
