import type { Aggregates } from './dto.ts';
import type { LotIndex } from './lot-index.ts';
import type { Snapshot } from './snapshot.ts';

/** What the catalogue service answers from until the next refresh: the snapshot, its lot index and aggregates. */
export type CatalogueState = { snap: Snapshot; index: LotIndex; agg: Aggregates };

/** A commercial premises' advertisement: for sale or let for rent (`type_of_advertisement`). */
export type Advertisement = 'sale' | 'rent';
