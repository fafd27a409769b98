import { formatMessage } from '#core/i18n/message-format.ts';
import type { ProjectBlueprint } from './demo-blueprint.ts';
import { media, type CatalogueData, type Ids } from './catalogue-data.ts';

/**
 * The demo's monthly construction reports: each building's share of works and floors built by a month (from its
 * completion quarter), and the report rows with their texts and photos.
 */

/** The month the demo's construction reports run up to, so the catalogue does not change with the clock. */
export const PROGRESS_MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

/** A report's line for a building still going up: the floors counted in words by each language's plural rules. */
const FLOORS_BUILT = {
  ru: {
    one: 'Корпус {n}: возведено {built} из {count} этажа.',
    few: 'Корпус {n}: возведено {built} из {count} этажей.',
    many: 'Корпус {n}: возведено {built} из {count} этажей.',
    other: 'Корпус {n}: возведено {built} из {count} этажа.',
  },
  en: { one: 'Building {n}: {built} of {count} floor built.', other: 'Building {n}: {built} of {count} floors built.' },
} as const;

/** Months from a quarter's end back to when building started (30 months of works). */
function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}
export const quarterEndMonth = (quarter: string) => `${quarter.slice(0, 4)}-${String(Number(quarter.slice(6)) * 3).padStart(2, '0')}`;

/** Share of works done by `month` for a building finishing in `completion`, and floors of its frame standing. */
export function buildingProgress(completion: string, floorsCount: number, month: string): { floorsBuilt: number; percent: number } {
  const total = 30;
  const left = monthsBetween(month, quarterEndMonth(completion));
  const done = Math.min(1, Math.max(0, (total - left) / total));
  return { floorsBuilt: Math.min(floorsCount, Math.round((done / 0.65) * floorsCount)), percent: Math.round(done * 100) };
}

export function addProgress(data: CatalogueData, ids: Ids, projectId: number, bp: ProjectBlueprint, buildingIds: number[]): void {
  for (const month of PROGRESS_MONTHS) {
    const states = bp.buildings.map((b, i) => ({
      buildingId: buildingIds[i]!,
      floors: b.floors,
      ...buildingProgress(b.completion ?? '2026-Q1', b.floors, month),
    }));
    const line = (lang: 'ru' | 'en' | 'zh') =>
      states
        .map((s, i) => {
          const n = i + 1;
          const framed = s.floorsBuilt >= s.floors;
          if (lang === 'ru')
            return framed
              ? `Корпус ${n}: каркас готов, идут фасадные и инженерные работы (${s.percent}%).`
              : formatMessage(FLOORS_BUILT.ru, { n, built: s.floorsBuilt, count: s.floors }, 'ru');
          if (lang === 'en')
            return framed
              ? `Building ${n}: the frame is complete; facades and services are under way (${s.percent}%).`
              : formatMessage(FLOORS_BUILT.en, { n, built: s.floorsBuilt, count: s.floors }, 'en');
          return framed ? `${n}号楼：主体结构已封顶，外立面和机电工程施工中（${s.percent}%）。` : `${n}号楼：已建成${s.floorsBuilt}/${s.floors}层。`;
        })
        .join(' ');
    data.progress.push({
      id: (ids.progress += 1),
      projectId,
      month,
      text: { ru: line('ru'), en: line('en'), zh: line('zh') },
      // The site seen from afar, then a close-up of each building still going up (or being finished).
      photos: [
        { ...media.progress(bp.slug, month), caption: { ru: 'Общий вид стройплощадки', en: 'The construction site', zh: '施工现场全景' } },
        ...states.map((s, i) => ({
          ...media.progressBuilding(bp.slug, month, i + 1),
          caption: {
            ru: `Корпус ${i + 1}: ${s.percent}% работ`,
            en: `Building ${i + 1}: ${s.percent}% of works done`,
            zh: `${i + 1}号楼：已完成${s.percent}%`,
          },
        })),
      ],
      buildings: states.map(({ buildingId, floorsBuilt, percent }) => ({ buildingId, floorsBuilt, percent })),
    });
  }
}
