import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '#content/projects.ts';
import { SEARCH_LIMIT, SEARCH_MAX_LENGTH } from '#core/search/limits.ts';
import { apiGets } from '#tests/support/api.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

type Card = { url: string; number: string; projectName: string };

/**
 * `/api/filter/?search=`: the footer search's lots through the spec's API (§7 "footer search limit=200"), the same
 * matching as the search page (tests/integration/search/footer-search.test.ts): a lot's number, the same number first.
 */
describe.each(ENGINES)('the lot filter with a search on %s', (engine) => {
  let t: TestApp;
  const { get, json, expectBad } = apiGets(() => t.app);
  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
  });
  afterAll(async () => t?.dispose());

  it('finds the lots of a number, the same number first, among the filter’s, up to 200 a page', async () => {
    const page = await json(`/api/filter/?search=${encodeURIComponent('№ 22')}&limit=${SEARCH_LIMIT}`);
    const numbers = (page.results as Card[]).map((lot) => lot.number);
    expect(numbers[0]).toBe('22');
    const exact = numbers.filter((n) => n === '22').length;
    expect(exact).toBeGreaterThan(1);
    expect(numbers.slice(0, exact).every((n) => n === '22')).toBe(true);
    expect(numbers.slice(exact).every((n) => n.startsWith('22') && n !== '22')).toBe(true);
    // Words narrow it: the project's name in any language, the kind of lot.
    const linden = await json(`/api/filter/?search=${encodeURIComponent('linden 22')}&lang=en`);
    expect(linden.count).toBeGreaterThan(0);
    expect((linden.results as Card[]).every((lot) => lot.projectName === projects[0]!.name.en && lot.url.startsWith('/lipovy/'))).toBe(true);
    // The filter's own parameters still apply.
    const flats = await json(`/api/filter/?search=22&type=parking`);
    expect((flats.results as Card[]).every((lot) => lot.url.includes('/parking/'))).toBe(true);
    expect(flats.count).toBeGreaterThan(0);
  });

  it('pages through a broad search at most 200 at a time, keeping the search in its links', async () => {
    const first = await json(`/api/filter/?search=1&limit=${SEARCH_LIMIT}`);
    expect(first.count).toBeGreaterThan(SEARCH_LIMIT);
    expect(first.results).toHaveLength(SEARCH_LIMIT);
    expect(first.next).toContain('search=1');
    expect((await get(`/api/filter/?search=1&limit=${SEARCH_LIMIT + 1}`)).statusCode).toBe(400);
  });

  it('refuses a search that is too short or too long, naming it', async () => {
    await expectBad('/api/filter/?search=x', 'search');
    await expectBad(`/api/filter/?search=${'x'.repeat(SEARCH_MAX_LENGTH + 1)}`, 'search');
    await expectBad('/api/filter/?search=%C2%AB%C2%BB', 'search');
  });
});
