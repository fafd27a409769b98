import { LOT_STATUSES, type LotCard, type LotStatus } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { lotCard, offerOf } from './dto.ts';
import { PURPOSE_WORDS, word } from './labels.ts';
import type { FloorNode, Snapshot } from './snapshot.ts';
import type { Advertisement, CatalogueState } from './state.ts';

export type CommercialCard = LotCard & {
  commercial: { purpose: string; purposeLabel: string; separateEntrance: boolean; powerKw: number; advertisement: Advertisement };
};

/** Premises for rent of projects on sale with one of these statuses (by the one offer decision), cheapest first. */
export function premisesForRent(snap: Snapshot, statuses: readonly LotStatus[]): number[] {
  const t = snap.lots;
  const wanted = new Set(statuses.map((status) => LOT_STATUSES.indexOf(status)));
  return snap.commercial
    .flatMap((c) => snap.lotById.get(c.lotId) ?? [])
    .filter((i) => wanted.has(t.status[i]!) && offerOf(snap, i) === 'rent' && snap.projects[t.project[i]!]!.status !== 'presale')
    .sort((a, b) => t.price[a]! - t.price[b]! || t.id[a]! - t.id[b]!);
}

/** A commercial premises' card: the lot card and its premises' purpose, entrance, power and advertisement. */
export function commercialCard(s: CatalogueState, i: number, locale: Locale): CommercialCard | null {
  const c = s.snap.lots.commercial[i]!;
  const row = c >= 0 ? s.snap.commercial[c] : undefined;
  if (!row) return null;
  return {
    ...lotCard(s.snap, i, locale, s.payments, s.facts),
    commercial: {
      purpose: row.purpose,
      purposeLabel: word(PURPOSE_WORDS, row.purpose, locale),
      separateEntrance: row.separateEntrance,
      powerKw: row.powerKw,
      advertisement: row.advertisement,
    },
  };
}

/** Premises of these floors still offered (free or booked), optionally only those for sale or for rent. */
export function premisesOf(s: CatalogueState, floors: FloorNode[], advertisement: Advertisement | undefined): number[] {
  const t = s.snap.lots;
  const sold = LOT_STATUSES.indexOf('sold');
  return floors.flatMap((f) =>
    f.lots.filter((i) => {
      const c = t.commercial[i]!;
      return c >= 0 && t.status[i] !== sold && (!advertisement || s.snap.commercial[c]!.advertisement === advertisement);
    }),
  );
}
