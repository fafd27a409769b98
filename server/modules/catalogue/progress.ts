import type { Locale } from '#core/i18n/locales.ts';
import type { CompletionMove, ProgressEntry, ProgressLink, ProgressReport } from '#core/catalogue/types.ts';
import { completionText } from '#core/catalogue/format.ts';
import { parseCompletion } from '#core/catalogue/completion.ts';
import { text, urls } from './dto.ts';
import { ALT, catalogueTranslate, monthLabel, SPEC_WORDS, word } from './labels.ts';
import type { BuildingNode, ProjectNode, Snapshot } from './snapshot.ts';

/**
 * Construction progress (spec §7 `/api/progress/`, `/api/project/{id}/progress/`, `/api/dynamic/…`): the monthly
 * reports of `project_progress`, read from the catalogue snapshot. Every list, the report pages and the project
 * page's section are made by `progressEntry` from the same rows, so they always agree.
 */

export type { CompletionMove, ProgressEntry, ProgressReport };

export const PROGRESS_FILTER_ITEMS = ['project', 'building', 'year'] as const;
export type ProgressFilterItem = (typeof PROGRESS_FILTER_ITEMS)[number];
export type ProgressQuery = Record<ProgressFilterItem, string[]>; // the same as core's ProgressQuery
export const EMPTY_PROGRESS_QUERY: ProgressQuery = { project: [], building: [], year: [] };

type Row = ProjectNode['progress'][number];

/** A building's completion quarter, and the one first announced when its deadline moved. */
export function completionMove(b: Pick<BuildingNode, 'completion' | 'originalCompletion'>, locale: Locale): CompletionMove {
  const t = catalogueTranslate(locale);
  const moved = b.originalCompletion && b.originalCompletion !== b.completion && parseCompletion(b.originalCompletion) ? b.originalCompletion : null;
  return {
    completion: b.completion,
    completionLabel: completionText(b.completion, t),
    originalCompletion: moved,
    originalCompletionLabel: moved ? completionText(moved, t) : null,
  };
}

export const progressUrl = (p: ProjectNode, id?: number | string) => `${urls.project(p)}/progress${id === undefined ? '' : `/${id}`}`;

export function progressTitle(month: string, locale: Locale): string {
  return catalogueTranslate(locale)('catalogue.progress.reportTitle', { month: monthLabel(month, locale) });
}

/** One report as every list and page shows it. */
export function progressEntry(p: ProjectNode, r: Row, locale: Locale): ProgressEntry {
  const name = text(p.name, locale);
  const when = monthLabel(r.month, locale);
  const done = p.status === 'completed';
  const buildings = r.buildings.flatMap((state) => {
    const b = p.buildings.find((candidate) => candidate.id === state.buildingId);
    if (!b) return [];
    return [
      {
        id: String(b.id),
        name: text(b.name, locale),
        floorsCount: b.floorsCount,
        floorsBuilt: done ? b.floorsCount : Math.min(b.floorsCount, state.floorsBuilt),
        percent: done ? 100 : state.percent,
        ...completionMove(b, locale),
        url: urls.building(b),
      },
    ];
  });
  return {
    id: String(r.id),
    projectId: String(p.id),
    projectName: name,
    month: r.month,
    title: progressTitle(r.month, locale),
    text: text(r.text, locale),
    photos: r.photos.map((ph) => {
      const caption = ph.caption ? text(ph.caption, locale) : null;
      return {
        src: ph.src,
        width: ph.width,
        height: ph.height,
        alt: `${caption ?? text(ALT.progress, locale)}: ${name}, ${when}`,
        caption,
      };
    }),
    buildings,
    url: progressUrl(p, r.id),
  };
}

/** Every report of `projects`, newest first (then by project): what `/api/progress/` and `/api/dynamic/` list. */
export function progressRows(projects: ProjectNode[]): { project: ProjectNode; row: Row }[] {
  return projects
    .flatMap((project) => project.progress.map((row) => ({ project, row })))
    .sort((a, b) => b.row.month.localeCompare(a.row.month) || a.project.id - b.project.id || b.row.id - a.row.id);
}

const valuesOf: Record<ProgressFilterItem, (e: { project: ProjectNode; row: Row }) => string[]> = {
  project: (e) => [String(e.project.id)],
  building: (e) => e.row.buildings.map((b) => String(b.buildingId)),
  year: (e) => [e.row.month.slice(0, 4)],
};

function matches(e: { project: ProjectNode; row: Row }, q: ProgressQuery, skip?: ProgressFilterItem): boolean {
  return PROGRESS_FILTER_ITEMS.every((item) => item === skip || q[item].length === 0 || valuesOf[item](e).some((v) => q[item].includes(v)));
}

export function progressList(snap: Snapshot, q: ProgressQuery, locale: Locale): ProgressEntry[] {
  return progressRows(snap.projects)
    .filter((e) => matches(e, q))
    .map((e) => progressEntry(e.project, e.row, locale));
}

export type ProgressSpecItem = { name: ProgressFilterItem; label: string; kind: 'choices'; choices: { value: string; label: string }[] };

/** The filter's choices: projects with reports, buildings of the chosen projects that reports cover, years with reports. */
export function progressSpecs(snap: Snapshot, q: Pick<ProgressQuery, 'project'>, locale: Locale): ProgressSpecItem[] {
  const all = progressRows(snap.projects);
  const projects = snap.projects.filter((p) => p.progress.length > 0);
  const chosen = projects.filter((p) => q.project.includes(String(p.id)));
  const covered = new Set(all.flatMap((e) => e.row.buildings.map((b) => b.buildingId)));
  const buildings = chosen.flatMap((p) =>
    p.buildings
      .filter((b) => covered.has(b.id))
      .map((b) => ({ value: String(b.id), label: chosen.length > 1 ? `${text(p.name, locale)}, ${text(b.name, locale)}` : text(b.name, locale) })),
  );
  const years = [...new Set(all.map((e) => e.row.month.slice(0, 4)))].sort().reverse();
  return [
    {
      name: 'project',
      label: word(SPEC_WORDS, 'project', locale),
      kind: 'choices',
      choices: projects.map((p) => ({ value: String(p.id), label: text(p.name, locale) })),
    },
    { name: 'building', label: word(SPEC_WORDS, 'building', locale), kind: 'choices', choices: buildings },
    { name: 'year', label: word(SPEC_WORDS, 'year', locale), kind: 'choices', choices: years.map((y) => ({ value: y, label: y })) },
  ];
}

/** How many reports the filter gives, and per item how many each choice would give with the other items applied. */
export function progressFacets(snap: Snapshot, q: ProgressQuery): { count: number; items: Record<ProgressFilterItem, { choices: Record<string, number> }> } {
  const all = progressRows(snap.projects);
  const items = {} as Record<ProgressFilterItem, { choices: Record<string, number> }>;
  for (const item of PROGRESS_FILTER_ITEMS) {
    const counts: Record<string, number> = {};
    for (const e of all) for (const v of valuesOf[item](e)) counts[v] ??= 0;
    for (const e of all) if (matches(e, q, item)) for (const v of valuesOf[item](e)) counts[v] = (counts[v] ?? 0) + 1;
    items[item] = { choices: counts };
  }
  return { count: all.filter((e) => matches(e, q)).length, items };
}

/** One report with its neighbours in its project's chronology (previous = the month before). */
export function progressReport(snap: Snapshot, id: number, locale: Locale): ProgressReport | null {
  for (const p of snap.projects) {
    const index = p.progress.findIndex((r) => r.id === id);
    if (index < 0) continue;
    const link = (r: Row | undefined): ProgressLink | null =>
      r ? { id: String(r.id), month: r.month, title: progressTitle(r.month, locale), url: progressUrl(p, r.id) } : null;
    return {
      ...progressEntry(p, p.progress[index]!, locale),
      projectUrl: urls.project(p),
      previous: link(p.progress[index - 1]),
      next: link(p.progress[index + 1]),
    };
  }
  return null;
}
