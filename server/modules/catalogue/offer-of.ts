import { offerKind, type OfferKind } from '#core/catalogue/offer.ts';
import type { Snapshot } from './snapshot.ts';

/** The offer kind of lot `i` (one decision for every surface: `offerKind`). */
export function offerOf(snap: Snapshot, i: number): OfferKind {
  const c = snap.lots.commercial[i]!;
  return offerKind({ advertisement: c >= 0 ? snap.commercial[c]!.advertisement : null, projectStatus: snap.projects[snap.lots.project[i]!]!.status });
}
