import { LOCALES } from '#core/i18n/locales.ts';
import type { PhraseVocabulary } from '#core/catalogue/phrase/index.ts';
import { lotFilterSpecs } from './specs.ts';
import type { CatalogueState } from './state.ts';

/**
 * The phrase search's vocabulary (core/catalogue/phrase) from the catalogue: the lot filter's specs in the three
 * languages (the words its chips print: projects' names, lot types, finishes, features, views…), each project's short
 * slug as another name («lipovy»), and the districts with the projects in each (a district reads as its projects).
 * Built once per catalogue state: the specs change only with the catalogue.
 */
const built = new WeakMap<object, PhraseVocabulary>();

export function phraseVocabulary(state: Pick<CatalogueState, 'snap' | 'index'>): PhraseVocabulary {
  const cached = built.get(state.snap);
  if (cached) return cached;
  const { snap } = state;
  const listed = new Set<string>();
  const full = state as CatalogueState;
  const specs: PhraseVocabulary['specs'] = { ru: lotFilterSpecs(full, 'ru'), en: lotFilterSpecs(full, 'en'), zh: lotFilterSpecs(full, 'zh') };
  const project = specs.ru.find((item) => item.name === 'project');
  if (project?.kind === 'choices') for (const choice of project.choices) listed.add(choice.value);
  const projects = snap.projects.filter((p) => listed.has(String(p.id)));
  const districts = new Map<string, { names: string[]; projects: string[] }>();
  for (const p of projects) {
    const key = p.district.en || p.district.ru;
    const entry = districts.get(key) ?? { names: [...new Set(LOCALES.map((l) => p.district[l]).filter(Boolean))], projects: [] };
    entry.projects.push(String(p.id));
    districts.set(key, entry);
  }
  const vocabulary: PhraseVocabulary = {
    specs,
    aliases: Object.fromEntries(projects.map((p) => [String(p.id), [p.shortSlug]])),
    districts: [...districts.values()],
  };
  built.set(state.snap, vocabulary);
  return vocabulary;
}
