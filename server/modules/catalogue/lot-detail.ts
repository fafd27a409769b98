import { fewLeft } from '#core/catalogue/price-history.ts';
import { lotFeatures } from '#core/catalogue/lot-features.ts';
import type { LotDetail, SectionLeft } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { lotSheetPath } from '../pdf/index.ts';
import { and, positions } from './bitset.ts';
import { premisesForRent } from './commercial.ts';
import { floorPlanAlt, lotCard, picture } from './dto.ts';
import { FEATURE_WORDS, PURPOSE_WORDS, WINDOW_WORDS, word } from './labels.ts';
import { listOf, lotSun, lotViews } from './snapshot.ts';
import type { CatalogueState } from './state.ts';

/** "4 of 36 left in this section" when few are left (core `fewLeft`), else null. */
export function sectionLeft(s: CatalogueState, section: number): SectionLeft | null {
  const left = s.agg.sectionLeft[section]!;
  const total = s.agg.sectionForSale[section]!;
  return fewLeft(left, total) ? { left, total } : null;
}

/** A lot's page: its card (with its monthly payment), windows, features, premises, floor plan and similar lots. */
export function lotDetail(s: CatalogueState, i: number, locale: Locale): LotDetail {
  const { snap, index } = s;
  const t = snap.lots;
  const card = lotCard(snap, i, locale, s.payments, s.facts);
  const floor = snap.floors[t.floorNode[i]!]!;
  const c = t.commercial[i]! >= 0 ? snap.commercial[t.commercial[i]!]! : null;
  // Similar: the same kind of lot still on sale, nearest in price, this project's first.
  const kind = and(and(index.universe, index.choices.type.byValue.get(card.type)!), index.choices.status.byValue.get('free')!);
  const sameRooms = card.rooms === null ? kind : and(kind, index.choices.rooms.byValue.get(String(Math.min(4, card.rooms)))!);
  // A unit for rent is like other units for rent (outside the index, which lists lots for sale).
  const candidates = card.offer === 'rent' ? premisesForRent(snap, ['free']) : positions(sameRooms);
  const similar = candidates
    .filter((j) => j !== i)
    .map((j) => ({ j, score: Math.abs(t.price[j]! - card.price) / card.price + (t.project[j] === t.project[i] ? 0 : 0.25) }))
    .sort((a, b) => a.score - b.score || t.id[a.j]! - t.id[b.j]!)
    .slice(0, 6)
    .map(({ j }) => lotCard(snap, j, locale, s.payments, s.facts));
  return {
    ...card,
    windows: listOf(t, t.windows[i]!).map((code) => word(WINDOW_WORDS, code, locale)),
    // Its stored features and those read from its windows and ceiling (a corner flat, high ceilings): the filter's words.
    features: lotFeatures({ type: card.type, features: listOf(t, t.features[i]!), windows: listOf(t, t.windows[i]!), ceiling: t.ceiling[i]! }).map((code) =>
      word(FEATURE_WORDS, code, locale),
    ),
    sun: lotSun(t, i),
    windowViews: lotViews(t, i),
    commercial: c
      ? { purpose: word(PURPOSE_WORDS, c.purpose, locale), separateEntrance: c.separateEntrance, powerKw: c.powerKw, advertisement: c.advertisement }
      : null,
    floorPlan: { image: picture(floor.plan, floorPlanAlt(floor, locale)), shape: t.strings.shape.values[t.shape[i]!]! },
    similar,
    sheetUrl: lotSheetPath(locale, card.id),
    sectionLeft: sectionLeft(s, t.section[i]!),
  };
}
