import { describe, expect, it } from 'vitest';
import { setupSiteApp } from '#tests/support/site.ts';

/**
 * Static parts (app/lib/static-part.tsx, ADR 043) of the project and lot pages: the sections are in the document's
 * HTML, their data is not in its hydration data, and the router's data request (a move in the page) carries it.
 */
const site = setupSiteApp();

const hydrationData = (html: string) => [...html.matchAll(/streamController\.enqueue\((".*?")\);/gs)].map((m) => JSON.parse(m[1]!) as string).join('');
/** The texts of the paragraphs inside a static part of the page, as the server wrote them. */
function paragraphs(html: string, part: string): string[] {
  const at = html.indexOf(`data-static="${part}"`);
  expect(at, `no static part ${part}`).toBeGreaterThan(0);
  const end = html.indexOf('data-static=', at + 1);
  return [...html.slice(at, end === -1 ? undefined : end).matchAll(/<p[^>]*>([^<]{12,})</g)].map((m) =>
    m[1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&#x27;', "'"),
  );
}

describe('static parts of the project and lot pages', () => {
  it.each([
    ['/projects/2', 'project.about'],
    ['/projects/2', 'project.progress'],
  ])('%s: %s is in the HTML, its data not in the hydration data; the data request carries it', async (path, part) => {
    const html = await (await site.fetch(path, { headers: { accept: 'text/html' } })).text();
    const moved = await (await site.fetch(`${path}.data`)).text();
    // The part's longest text that the data carries as written (a report's summary, a paragraph; not a message
    // filled in, nor the project's description, which the JSON-LD shows too).
    const description = /"description":"([^"]+)"/.exec(html)?.[1];
    const [text] = paragraphs(html, part)
      .filter((candidate) => moved.includes(candidate) && candidate !== description)
      .sort((a, b) => b.length - a.length);
    expect(text).toBeTruthy();
    expect(hydrationData(html)).not.toContain(text);
  });

  it("the project's JSON-LD: in the HTML with its description, which is not in the hydration data; the data request carries it", async () => {
    const html = await (await site.fetch('/projects/2', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('data-static="project.structuredData"');
    const description = /"@type":"ApartmentComplex","name":"[^"]*","description":"([^"\\]+)/.exec(html)?.[1];
    expect(description).toBeTruthy();
    expect(hydrationData(html)).not.toContain(description);
    expect(await (await site.fetch('/projects/2.data')).text()).toContain(description);
  });

  it("a lot's sun passport: its chart in the HTML, its arcs not in the hydration data; the data request carries them", async () => {
    const html = await (await site.fetch('/lipovy/flat/22', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('data-static="lot.sun"');
    expect(hydrationData(html)).not.toContain('"arcs"');
    expect(await (await site.fetch('/lipovy/flat/22.data')).text()).toContain('"arcs"');
  });

  it("keeps the project's navigation to every section, those of the static parts included", async () => {
    const html = await (await site.fetch('/projects/2', { headers: { accept: 'text/html' } })).text();
    for (const id of ['indicators', 'about', 'infrastructure', 'progress']) {
      expect(html).toContain(`href="#${id}"`);
      expect(html).toContain(`id="${id}"`);
    }
  });
});
