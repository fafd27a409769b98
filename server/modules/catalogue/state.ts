import type { Aggregates } from './dto.ts';
import type { LotFacts } from './lot-facts.ts';
import type { LotIndex } from './lot-index.ts';
import type { LotPayments } from './payments.ts';
import type { Snapshot } from './snapshot.ts';

/**
 * What the catalogue service answers from until the next refresh: the snapshot, its lot index and aggregates,
 * every lot's monthly payment under the finance programmes in force (the index ranges and orders by it), and every
 * lot's history facts of the Moscow day (its 30-day price drop orders "price reduced"; ADR 019).
 */
export type CatalogueState = { snap: Snapshot; index: LotIndex; agg: Aggregates; payments: LotPayments; facts: LotFacts };

/** A commercial premises' advertisement: for sale or let for rent (`type_of_advertisement`). */
export type Advertisement = 'sale' | 'rent';
