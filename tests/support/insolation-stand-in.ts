import { VIEW_TAGS, WINDOW_SIDES, type WindowViews } from '#core/insolation/types.ts';
import type { InsolationRow } from '#server/modules/catalogue/snapshot.ts';

/**
 * Sun and view rows for the lots of a test catalogue where the sun computation has not run: minutes of sun by the
 * sides a lot's windows face (south most, north least), spread by the lot's id, the norm met from two hours in March,
 * one or two view tags per side. Figures only for the facets' tests to count: never shown as a lot's sun.
 */
export function standInInsolation(lots: readonly { id: number; windows: readonly string[] }[]): InsolationRow[] {
  const base: Record<string, number> = { north: 20, east: 150, west: 170, south: 330 };
  return lots
    .filter((l) => l.windows.length > 0)
    .map((l) => {
      const spread = (Math.imul(l.id, 2654435761) >>> 0) % 120;
      const march = Math.min(720, Math.max(...l.windows.map((side) => base[side] ?? 0)) + spread);
      const views: WindowViews = {};
      for (const side of l.windows) {
        if (!(WINDOW_SIDES as readonly string[]).includes(side)) continue;
        const k = (l.id + side.length) % VIEW_TAGS.length;
        views[side as keyof WindowViews] = l.id % 3 === 0 ? [VIEW_TAGS[k]!, VIEW_TAGS[(k + 2) % VIEW_TAGS.length]!] : [VIEW_TAGS[k]!];
      }
      return { lotId: l.id, marchMinutes: march, juneMinutes: Math.min(900, march * 2), decemberMinutes: Math.round(march / 3), normMet: march >= 120, views };
    });
}
