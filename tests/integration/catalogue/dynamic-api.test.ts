import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGets } from '#tests/support/api.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

type Entry = {
  id: string;
  projectId: string;
  month: string;
  title: string;
  photos: { alt: string; caption: string | null; width: number; height: number }[];
  buildings: {
    id: string;
    percent: number;
    floorsBuilt: number;
    floorsCount: number;
    originalCompletion: string | null;
    originalCompletionLabel: string | null;
    completionLabel: string;
  }[];
  url: string;
};
type Spec = { name: string; label: string; choices: { value: string; label: string }[] };

/** Construction progress (spec §7 /api/dynamic/ and friends): lists, filters, facets, one report; on each engine. */
describe.each(ENGINES)('construction progress API on %s', (engine) => {
  let t: TestApp;
  const { json, expectBad, expectMissing } = apiGets(() => t.app);
  const all = async (query = '') =>
    (await json(`/api/dynamic/?limit=50${query}`)) as { count: number; next: string | null; previous: string | null; results: Entry[] };

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
  });
  afterAll(async () => t?.dispose());

  it('lists every report newest first, the same entries as /api/progress/ and each project’s progress', async () => {
    const dynamic = await all('&lang=en');
    const progress = await json('/api/progress/?limit=50&lang=en');
    expect(dynamic.count).toBeGreaterThan(0);
    expect(dynamic.results).toEqual(progress.results);
    const months = dynamic.results.map((r) => r.month);
    expect(months).toEqual([...months].sort().reverse());
    const project2 = await json('/api/project/2/progress/?limit=50&lang=en');
    expect(project2.results).toEqual(dynamic.results.filter((r) => r.projectId === '2'));
    // The project page's section is made from the same entries.
    const detail = await json('/api/project/2/?lang=en');
    expect(detail.progress).toEqual(project2.results);
    const first = dynamic.results[0]!;
    expect(first.title).toMatch(/^Construction progress: [A-Z][a-z]+ \d{4}$/);
    expect(first.url).toBe(`/projects/${first.projectId}/progress/${first.id}`);
    expect(first.photos.length).toBeGreaterThan(1);
    for (const photo of first.photos) expect(photo.alt).toContain(photo.caption ?? '');
  });

  it('pages with next and previous links', async () => {
    const total = (await all()).count;
    const one = await json('/api/dynamic/?limit=5&offset=5');
    expect(one.count).toBe(total);
    expect(one.results).toHaveLength(5);
    expect(one.next).toMatch(/limit=5&offset=10/);
    expect(one.previous).toMatch(/limit=5/);
    expect(one.results).toEqual((await all()).results.slice(5, 10));
  });

  it('filters by project, building and year, and the facets count each choice with the other items applied', async () => {
    const everything = (await all()).results;
    const p3 = await all('&project=3');
    expect(p3.results.every((r) => r.projectId === '3')).toBe(true);
    expect(p3.count).toBe(everything.filter((r) => r.projectId === '3').length);
    const building = p3.results[0]!.buildings[1]!.id;
    const byBuilding = await all(`&building=${building}`);
    expect(byBuilding.count).toBe(everything.filter((r) => r.buildings.some((b) => b.id === building)).length);
    const year = everything[0]!.month.slice(0, 4);
    expect((await all(`&year=${year}&project=2,3`)).count).toBe(everything.filter((r) => r.month.startsWith(year) && ['2', '3'].includes(r.projectId)).length);
    expect((await all('&year=2001')).count).toBe(0);

    const facets = await json(`/api/dynamic/facets/?project=3&year=${year}`);
    expect(facets.count).toBe(everything.filter((r) => r.projectId === '3' && r.month.startsWith(year)).length);
    // Projects are counted with the year applied but not the project itself; years with the project only.
    expect(facets.items.project.choices['2']).toBe(everything.filter((r) => r.projectId === '2' && r.month.startsWith(year)).length);
    expect(facets.items.year.choices[year]).toBe(everything.filter((r) => r.projectId === '3' && r.month.startsWith(year)).length);
    expect(facets.items.building.choices[building]).toBe(
      everything.filter((r) => r.projectId === '3' && r.month.startsWith(year) && r.buildings.some((b) => b.id === building)).length,
    );
    // A building of another project is a choice counted 0 under project 3.
    const other = everything.find((r) => r.projectId === '2')!.buildings[0]!.id;
    expect(facets.items.building.choices[other]).toBe(0);
  });

  it('gives the filter’s choices: projects with reports, the chosen project’s buildings, years with reports', async () => {
    const specs = (await json('/api/dynamic/specs/?lang=en')).results as Spec[];
    expect(specs.map((s) => s.name)).toEqual(['project', 'building', 'year']);
    expect(specs[0]!.choices.map((c) => c.label)).toEqual(['Pine Shore', 'Northern Heights']);
    expect(specs[1]!.choices).toEqual([]);
    expect(specs[2]!.choices.map((c) => c.value)).toEqual(['2026']);
    const chosen = (await json('/api/dynamic/specs/?lang=ru&project=2')).results as Spec[];
    expect(chosen[0]!.label).toBe('Проект');
    expect(chosen[1]!.choices.map((c) => c.label)).toEqual(['Корпус 1', 'Корпус 2', 'Корпус 3']);
  });

  it('gives one report with its photographs, its buildings and its neighbours; a moved deadline stays visible', async () => {
    const list = (await all('&project=2&lang=en')).results;
    const middle = list[1]!;
    const report = await json(`/api/dynamic/${middle.id}/?lang=en`);
    expect(report).toMatchObject({ ...middle, projectUrl: '/projects/2' });
    expect(report.next).toMatchObject({ id: list[0]!.id, month: list[0]!.month, url: list[0]!.url });
    expect(report.previous).toMatchObject({ id: list[2]!.id });
    expect((await json(`/api/dynamic/${list[0]!.id}/`)).next).toBeNull();
    expect((await json(`/api/dynamic/${list.at(-1)!.id}/`)).previous).toBeNull();
    const moved = report.buildings.find((b: Entry['buildings'][number]) => b.originalCompletion);
    expect(moved).toMatchObject({ originalCompletion: '2026-Q4', originalCompletionLabel: 'Q4 2026', completion: '2027-Q2', completionLabel: 'Q2 2027' });
    const state = await json('/api/project/2/state/?lang=en');
    expect(state.buildings[0]).toMatchObject({ completion: '2027-Q2', originalCompletion: '2026-Q4' });
    expect(state.buildings[1]).toMatchObject({ completion: '2027-Q4', originalCompletion: null, originalCompletionLabel: null });
    // Lots carry the quarter now planned.
    const lots = await json(`/api/filter/?building=${moved.id}&limit=1`);
    expect(lots.results[0].completion).toBe('2027-Q2');
  });

  it('answers 400 naming the field for a bad filter and 404 for an unknown report', async () => {
    await expectBad('/api/dynamic/?project=99', 'project');
    await expectBad('/api/dynamic/?building=9999', 'building');
    await expectBad('/api/dynamic/?year=1999', 'year');
    await expectBad('/api/dynamic/?year=abc', 'year');
    await expectBad('/api/dynamic/?limit=0', 'limit');
    await expectBad('/api/dynamic/facets/?building=x', 'building');
    await expectBad('/api/dynamic/specs/?project=99', 'project');
    await expectBad('/api/dynamic/abc/', 'id');
    await expectMissing('/api/dynamic/99999/');
  });

  it('lists the report pages in the sitemap, in every language', async () => {
    const res = await t.app.inject({ url: '/sitemaps/pages.xml' });
    expect(res.body).toContain('/projects/2/progress</loc>');
    expect(res.body).toContain('/en/projects/2/progress/1</loc>');
    expect(res.body).not.toContain('/projects/1/progress');
  });

  // The subscription block's topic per page (spec §3 headings): the same function serves the page's block.
  it.each([
    ['/', 'default', null],
    ['/en/projects/2', 'project', 2],
    ['/zh/projects/3/progress', 'project', 3],
    ['/projects/2/progress/4', 'project', 2],
    ['/en/projects/2/building/5', 'project', 2],
    ['/shared-projects/3', 'project', 3],
    ['/filter/mashino-mesta', 'parking', null],
    ['/en/filter/kladovye', 'pantry', null],
    ['/filter?type=parking', 'parking', null],
    ['/zh/filter?type=flat,pantry', 'pantry', null],
    ['/sosnovy/parking/P-12', 'parking', null],
    ['/forms/subscribe?topic=children&project=2', 'children', 2],
    ['/en/forms/subscribe?topic=children', 'children', null],
    ['/forms/subscribe?topic=unknown', 'default', null],
    ['/filter/unknown-page', 'default', null],
    ['/news', 'default', null],
  ] as const)('answers the subscription topic of %s', async (url, topic, project) => {
    const body = await json(`/api/subscription_forms/?url=${encodeURIComponent(url)}&lang=en`);
    expect(body).toMatchObject({ topic, project, submit_url: `/api/subscription_forms/${topic}/submit/` });
    expect(body.title).toBeTruthy();
    if (topic === 'children') expect(body.title).toBe('For children');
  });
});
