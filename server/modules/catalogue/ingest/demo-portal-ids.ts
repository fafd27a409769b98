import type { Portal } from '#core/feeds/portals.ts';

/**
 * The demo buildings' ids in each portal's catalogue (invented, like everything in the demo): per project, the
 * portal's id of the complex and, per building number, of the house. A real developer imports the ids each
 * portal gives them with `npm run feeds:ids`. Avito has not yet listed Vysoty's building 4 (the newest), so the
 * demo shows what `npm run feeds:check` says about a building a portal does not know.
 */
type DemoIds = Record<Portal, { complex: string; houses: (string | null)[] }>;

const DEMO: Record<string, DemoIds> = {
  lipovy: {
    yandex: { complex: '1843205', houses: ['2053811', '2053812', '2053813'] },
    cian: { complex: '48211', houses: ['1174401', '1174402', '1174403'] },
    avito: { complex: '3021457', houses: ['3021458', '3021459', '3021460'] },
    domclick: { complex: '90117', houses: ['418220', '418221', '418222'] },
  },
  sosnovy: {
    yandex: { complex: '2390718', houses: ['2611044', '2611045', '2611046'] },
    cian: { complex: '53907', houses: ['1298830', '1298831', '1298832'] },
    avito: { complex: '3388102', houses: ['3388103', '3388104', '3388105'] },
    domclick: { complex: '97241', houses: ['455903', '455904', '455905'] },
  },
  vysoty: {
    yandex: { complex: '2718840', houses: ['2930017', '2930018', '2930019', '2930020'] },
    cian: { complex: '57012', houses: ['1402214', '1402215', '1402216', '1402217'] },
    avito: { complex: '3611904', houses: ['3611905', '3611906', '3611907'] },
    domclick: { complex: '101388', houses: ['472116', '472117', '472118', '472119'] },
  },
  zvezdny: {
    yandex: { complex: '3105562', houses: ['3250981', '3250982'] },
    cian: { complex: '60455', houses: ['1517720', '1517721'] },
    avito: { complex: '3902236', houses: [null, null] },
    domclick: { complex: '104902', houses: ['488031', '488032'] },
  },
};

/** The rows of one demo building (`number` from 1); copies of the demo (benchmarks) get the ids suffixed. */
export function demoPortalIds(slug: string, number: number, copy = 0): { portal: Portal; complexId: string; houseId: string | null }[] {
  const ids = DEMO[slug];
  if (!ids) return [];
  const suffix = copy === 0 ? '' : `-${copy + 1}`;
  const rows: { portal: Portal; complexId: string; houseId: string | null }[] = [];
  for (const [portal, { complex, houses }] of Object.entries(ids) as [Portal, DemoIds[Portal]][]) {
    // A house the list does not reach has no row: the portal does not know the building (Avito's Vysoty 4).
    if (houses.length < number) continue;
    const house = houses[number - 1] ?? null;
    rows.push({ portal, complexId: complex + suffix, houseId: house === null ? null : house + suffix });
  }
  return rows;
}
