import { describe, expect, it } from 'vitest';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { setupSiteApp } from '#tests/support/site.ts';

/**
 * Messages with the code that shows them (ADR 043): a document's hydration data carries the messages of its first
 * load's code; the contact dialog (a part whose code loads later) finds its words in the file the browser fetches
 * first, and the server's HTML of the page shows them as before.
 */
const site = setupSiteApp();
const hydrationData = (html: string) => [...html.matchAll(/streamController\.enqueue\((".*?")\);/gs)].map((m) => JSON.parse(m[1]!) as string).join('');
const intro = ru.contact.intro;

describe('messages with the code that shows them', () => {
  it('leaves a later part’s words out of the hydration data, not out of the HTML; the later file and a move in the page carry them', async () => {
    const html = await (await site.fetch('/news', { headers: { accept: 'text/html' } })).text();
    // The contact dialog is in every page's HTML (rendered by the server), its code loads when it is about to open.
    expect(html).toContain(intro);
    expect(hydrationData(html)).not.toContain(intro);
    expect(await (await site.fetch('/news.data')).text()).toContain(intro);

    const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
    expect(version).toBeTruthy();
    const later = await site.fetch(`/_messages/${version}/ru.json`);
    expect(later.status).toBe(200);
    expect(later.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(((await later.json()) as typeof ru).contact.intro).toBe(intro);
    // A page from before a deploy asks with its old build: this build's words, not kept.
    const old = await site.fetch('/_messages/old-build/en.json');
    expect(old.status).toBe(200);
    expect(old.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a language the site does not have', async () => {
    for (const file of ['de.json', 'ru.js', '..%2Fru.json']) expect((await site.fetch(`/_messages/x/${file}`)).status).toBe(404);
  });
});
