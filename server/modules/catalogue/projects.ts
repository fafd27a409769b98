import type { Locale } from '#core/i18n/locales.ts';
import { PROJECT_STATUSES, type Facets, type SpecItem } from '#core/catalogue/types.ts';
import { completionLabel, PROJECT_STATUS_WORDS, SPEC_WORDS, word } from './labels.ts';
import type { ProjectNode, Snapshot } from './snapshot.ts';
import { DONE } from './lot-index.ts';

/**
 * The project filter (/api/project/filter*): a handful of projects, so it is answered by scanning them.
 * Districts are named by a code made from their English name ('khoroshyovo-mnyovniki').
 */
export type ProjectQuery = { status?: string[]; district?: string[]; completion?: string[] };
export const PROJECT_FILTER_ITEMS = ['status', 'district', 'completion'] as const;
type Item = (typeof PROJECT_FILTER_ITEMS)[number];

export const districtCode = (p: ProjectNode) =>
  p.district.en
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const valueOf: Record<Item, (p: ProjectNode) => string> = { status: (p) => p.status, district: districtCode, completion: (p) => p.completion ?? DONE };

export function projectChoices(snap: Snapshot): Record<Item, string[]> {
  const distinct = (item: Item) => [...new Set(snap.projects.map(valueOf[item]))].sort();
  return {
    status: [...PROJECT_STATUSES],
    district: distinct('district'),
    completion: distinct('completion').sort((a, b) => (a === DONE ? -1 : b === DONE ? 1 : a.localeCompare(b))),
  };
}

const matches = (p: ProjectNode, query: ProjectQuery, except?: Item) =>
  PROJECT_FILTER_ITEMS.every((item) => item === except || !query[item]?.length || query[item]!.includes(valueOf[item](p)));

export function projectsMatching(snap: Snapshot, query: ProjectQuery): ProjectNode[] {
  return snap.projects.filter((p) => matches(p, query));
}

export function projectSpecs(snap: Snapshot, locale: Locale): SpecItem[] {
  const choices = projectChoices(snap);
  const districtLabel = new Map(snap.projects.map((p) => [districtCode(p), p.district[locale] || p.district.ru]));
  return [
    {
      name: 'status',
      label: word(SPEC_WORDS, 'status', locale),
      kind: 'choices',
      choices: choices.status.map((v) => ({ value: v, label: PROJECT_STATUS_WORDS[v as keyof typeof PROJECT_STATUS_WORDS][locale] })),
    },
    {
      name: 'district',
      label: word(SPEC_WORDS, 'district', locale),
      kind: 'choices',
      choices: choices.district.map((v) => ({ value: v, label: districtLabel.get(v) ?? v })),
    },
    {
      name: 'completion',
      label: word(SPEC_WORDS, 'completion', locale),
      kind: 'choices',
      choices: choices.completion.map((v) => ({ value: v, label: completionLabel(v === DONE ? null : v, locale) })),
    },
  ];
}

/** Counts per choice with the other items applied, like the lot facets. */
export function projectFacets(snap: Snapshot, query: ProjectQuery): Facets {
  const choices = projectChoices(snap);
  const items: Facets['items'] = {};
  for (const item of PROJECT_FILTER_ITEMS) {
    const counts: Record<string, number> = Object.fromEntries(choices[item].map((v) => [v, 0]));
    for (const p of snap.projects) if (matches(p, query, item)) counts[valueOf[item](p)] = (counts[valueOf[item](p)] ?? 0) + 1;
    items[item] = { choices: counts };
  }
  return { count: projectsMatching(snap, query).length, items };
}
