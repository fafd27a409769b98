import type { LotFilter } from '#core/catalogue/service.ts';
import { filterStatus, type ChessCell } from '#core/catalogue/types.ts';
import { COMPLETED_CHOICE } from '#core/catalogue/filter.ts';
import { roomChoice } from '#core/catalogue/filter-items.ts';
import { hasFinish } from '#core/catalogue/offer.ts';

/**
 * Whether a lot already on screen meets the visitor's filter: the chessboard and the floor plan dim the
 * others instead of asking the server again for lots they already hold. Status is matched only when the
 * visitor chose one, because these screens show every status by colour.
 */
export function lotMatchesFilter(lot: ChessCell, filter: LotFilter, floors?: { lowest: number; highest: number }): boolean {
  const inRange = (value: number, min?: number, max?: number) => (min === undefined || value >= min) && (max === undefined || value <= max);
  if (filter.project?.length && !filter.project.includes(lot.projectId)) return false;
  if (filter.building?.length && !filter.building.includes(lot.buildingId)) return false;
  if (filter.type?.length && !filter.type.includes(lot.type)) return false;
  if (filter.rooms?.length) {
    if (lot.rooms === null) return false;
    const key = roomChoice(lot.rooms);
    if (!filter.rooms.includes(key)) return false;
  }
  if (filter.euro !== undefined && lot.euro !== filter.euro) return false;
  if (!inRange(lot.price, filter.price_min, filter.price_max)) return false;
  if (!inRange(lot.area, filter.area_min, filter.area_max)) return false;
  if (!inRange(lot.floor, filter.floor_min, filter.floor_max)) return false;
  if (filter.completion?.length && !filter.completion.includes(lot.completion ?? COMPLETED_CHOICE)) return false;
  if (filter.finish?.length && !(hasFinish(lot.type) && filter.finish.includes(lot.finish))) return false;
  if (filter.status?.length && !filter.status.includes(filterStatus(lot.status))) return false;
  if (filter.discount !== undefined && (lot.oldPrice !== null) !== filter.discount) return false;
  if (filter.not_first_floor && lot.floor === (floors?.lowest ?? 1)) return false;
  if (filter.not_last_floor && floors && lot.floor === floors.highest) return false;
  return true;
}
