import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { SITE, setupSiteApp } from '#tests/support/site.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import { deferredModules } from '#app/lib/defer-hydration.server.ts';
import { TEMPLATES } from '#tests/support/templates.ts';

const site = setupSiteApp();
/** The site's answers, through inject(). */
const fetch = site.fetch;

/**
 * Byte budgets per template (issue #17), independent of timing: what a first visit downloads before the page is
 * interactive — the HTML, the JavaScript the HTML names (module preloads, deferred or not, and the module scripts' imports) and the
 * style sheets — each gzip-compressed at level 9 from the production build. A change that makes a template heavier
 * than its budget fails here; lower a budget when a template gets lighter. Figures in KiB; the budgets were set on
 * 2026-11-27 a few percent above what each template weighed then (HTML +5 %, JavaScript +3 %), once the GrowthBook
 * SDK, the dialogs' and forms' code, the footer's and analytics left the first load and the shared code was put in
 * fewer chunks (ADR 027). The home page's JavaScript budget is the issue's goal itself (#17): at most 1.3× React
 * Router's hello-world page, as `npm run bench -- ssr` weighs it. Every HTML budget grew by 0.25 KiB on 2026-11-29 for
 * the footer's search form (issue #38, spec §9), in every page's HTML with its three messages; its code loads with the
 * footer's, after the first load. Issue #38 grew four more (2026-11-29): the floor page and /contacts by the lot state
 * and the offices' hours and Organization markup in their HTML, /privacy by the sharing tags, /selection's code by
 * the lot state on its cards. Issue #39 (2026-11-29) grew three by 0.25 KiB: /promo/1, /ready-to-move-in and the 404
 * carry the catalogue's lot-state words in every page's messages, now with `held`, `reserved` and "reserved until".
 * Later the same day, #39 and #40 together grew the page templates' and /selection's JavaScript by up to 0.25 KiB (the
 * lot card's "Reserve online" link, 0.12; the frame's request for the visitor id and CSRF token once a first, public
 * page has loaded, 0.18) and /contacts', /purchase/installment's and /privacy's HTML by 0.25 KiB: the form-validation
 * group every page carries whole gained "too many unpaid holds". Shipping each page only the validation codes its
 * forms can meet is issue #40's hydration-data work. On 2026-11-30 issue #40 lowered every HTML budget to the measured
 * weight, rounded up to 0.25 KiB with at least 0.05 to spare: the utility lists the shared components repeated
 * (buttons, header, menu and footer links, form controls, chips, cards, chessboard cells) became component classes
 * defined once in app/app.css, and markup that did nothing went (4 to 12 % less HTML: / 36.4 → 34.8 KiB, /filter
 * 33.5 → 31.5, /projects/1 45.5 → 43.6, /lipovy/flat/22 36.9 → 35.0, /news 24.2 → 21.8). The style sheet carries those
 * classes' rules instead and grew once (16.1 → 18.6 KiB; it was already 0.08 over its 16 with the fallback fonts of
 * 2026-11-29): cached, where the HTML is per page, and the pages' JavaScript names the short classes too (0.5 to 1.4
 * KiB less).
 * Issue #41 (2026-11-30) grew every HTML budget by 0.5 KiB and the style sheet's by 0.25: the search box "as you'd
 * say it" is in every page's HTML twice (the header's top bar on desktops, the menu on phones) with its two messages;
 * it has no code of its own (a GET form), so no JavaScript budget moved.
 * Issue #41's rest and #42 (2026-11-30) set the budgets below to the measured weight again, rounded up to 0.25 KiB
 * with at least 0.05 to spare. HTML: the lot pages +2.6 to +3.3 KiB for the sun-and-view passport (its section, 1.9
 * KiB, and its words in the route's messages), /filter +1.1 for the phrase box and the new feature, view, window and
 * sun groups, every page up to +0.25 for the footer's currency switch. JavaScript: the lot pages +1.5 (the passport's
 * and the currency's formatting), the frame's currency code +0.5 on the templates that load it (purchase, privacy,
 * ready-to-move-in, 404) and /selection +0.9 (cards priced in the visitor's currency). The sun section and its
 * messages are the largest single addition; sending non-interactive sections' text once (not in the HTML and again in
 * the route's data) is issue #40's hydration work, still open.
 * The chessboard's sun layer (issue #41, 2026-11-30) grew the section page's HTML by 0.55 KiB (33.0 → 33.56, budget
 * 33.75): the layer's link and the words its code can say (the legend's steps, a cell's sun and the norm, the
 * durations) in the route's messages; its JavaScript by 1.0 KiB (152.4 → 153.4, within its budget) for the layer's
 * component. The cells carry no sun until the layer is asked for (`?layer=sun`), so the grid's data did not grow. The
 * style sheet grew by 0.2 KiB (18.76 → 18.96) for the layer's shades. The floor page got lighter (JavaScript 156.0 →
 * 154.8): its legend is a module of its own and no longer loads the chessboard's code.
 * #42's media library and real preview (2026-11-30) grew these once more, measured and rounded the same way: every
 * picture URL can carry a crop and a focus point (core/image, +0.2 KiB of JavaScript on the templates that draw
 * pictures: the lot pages, /selection), and the slug pages and publications (/privacy, /purchase/*, /ready-to-move-in,
 * the 404, /promo/1, /news/…) carry the preview band's module (0.41 KiB, shown to staff only) and its words (up to
 * 0.3 KiB of HTML). Loading the band only for a preview would win those back; it is left for #40's hydration work.
 * The sun passport's norm in words by the project's zone (north, central, south: the verdict is computed per zone, so
 * its rule is said per zone too) put the three rules in the lot pages' messages: +0.13 KiB of HTML, budgets +0.25.
 */
const HELLO_WORLD_JS_KIB = 107.8;
/**
 * Issue #38 (2026-11-29) put the home page 0.65 KiB over that goal; issue #40's static parts (ADR 043, 2026-11-30) won
 * it back and more: the home page's sections that do nothing in the browser left its first load (140.8 → 136.8 KiB,
 * the goal 140.1), and their data its HTML (35.5 → 32.0 KiB). The project page (42.7 → 42.0 KiB HTML, 171.5 → 170.1
 * JavaScript) and the lot pages (the sun passport's arcs: 38.5 → 37.0 KiB HTML) got lighter by the same means; their
 * budgets are the measured weights again, rounded up to 0.25 KiB with at least 0.05 to spare.
 */
/**
 * Later the same day (issue #40, ADR 043): a document's hydration data carries only the messages its first load's
 * code shows; code that loads later fetches the rest first (`/_messages/{build}/{locale}.json`, once a visit). Every
 * page's HTML lost 1.0 to 4.9 KiB (/ 32.0 → 27.1, /filter 33.3 → 30.2, /projects/1 42.0 → 40.0); the loader that
 * fetches them put 0.2–0.3 KiB of JavaScript in every page. Every HTML budget is the measured weight again, and the
 * JavaScript budgets it passed, rounded up to 0.25 KiB with at least 0.1 to spare.
 */
/**
 * Issue #40's class lists, again (2026-11-30, later): the lists still repeated on the pages that sell (the lot card's
 * parts, the pictures' wrapper and <img>, the filter's ranges, folds and legends, the purchase offers, the project's
 * price table, the header's and footer's one-off lists, the home page's slider, stories, partners and cards) became
 * component classes in app/app.css; the heart is the sprite's symbol instead of its own drawing on every card; the
 * project page carries its request form once (the closing call and the empty lot list open the hero's). Uncompressed
 * (ru): / 131.9 → 116.9 kB, /filter 164.7 → 149.5, /projects/1 191.2 → 173.1, /lipovy/flat/22 145.7 → 136.6. Gzip
 * gains less (gzip already squeezed the repeated lists): every HTML budget is the measured weight again, rounded up to
 * 0.25 KiB with at least 0.05 to spare. The style sheet carries the classes' rules instead: 18.96 → 21.08 KiB, cached
 * across pages where the HTML is not; its budget is 21.25.
 */
/**
 * Issue #40, the project page's raw HTML down by a further 8 kB (2026-11-30): the lead forms' check messages leave the
 * first load's hydration data (they come with the schemas that find the failures), the project's data leaves out what
 * its browser code never reads (the offices' hours in words, map points and projects, the financed ways to buy, the
 * benefits dialog's project ids), and the class lists the project page still repeated (the master plan, the lot and
 * gallery strips, the places nearby, the section leads, the hero's buttons, the dialogs' titles) are component
 * classes; the project's JSON-LD is a static part. Uncompressed (ru): /projects/1 170.5 → 162.1 kB, /en/projects/1
 * 154.4 → 147.2, /lipovy/flat/22 136.7 → 133.4, / 116.9 → 116.7. Gzip: /projects/1 37.9 → 36.4 KiB, /lipovy/flat/22 33.9 → 33.1; their budgets
 * are the measured weights again. The style sheet carries the new classes' rules: 21.08 → 21.51 KiB, budget 21.75.
 */
const BUDGETS_KIB: Record<string, { html: number; js: number; css: number }> = {
  '/': { html: 26.25, js: 1.3 * HELLO_WORLD_JS_KIB, css: 21.75 },
  '/projects': { html: 18, js: 136, css: 21.75 },
  // Issue #40 (2026-11-30): lot cards as the card shows them, the calculator's programmes in the page's language only.
  // Its calculator became a deferred part (2026-11-30, later): 169.7 → 166.6 KiB of JavaScript, 38.8 → 37.9 of HTML.
  '/projects/1': { html: 36.5, js: 166.75, css: 21.75 },
  '/projects/2/progress': { html: 19.75, js: 136, css: 21.75 },
  '/projects/1/building/1': { html: 23, js: 153, css: 21.75 },
  // The chessboard's cells carry only what the grid shows and matches (2026-11-28: 38.2 → 31.7 KiB).
  '/projects/1/building/1/section/1': { html: 32, js: 156, css: 21.75 },
  '/projects/1/building/1/section/1/floor/2': { html: 22, js: 158, css: 21.75 },
  '/lipovy/flat/22': { html: 33.25, js: 169.5, css: 21.75 },
  '/lipovy/parking/1': { html: 30, js: 169.5, css: 21.75 },
  '/lipovy/pantry/8': { html: 30.5, js: 169.5, css: 21.75 },
  '/sosnovy/commercial/1': { html: 30.75, js: 169.5, css: 21.75 },
  '/filter': { html: 29.5, js: 155, css: 21.75 },
  '/filter/mashino-mesta': { html: 27.5, js: 147, css: 21.75 },
  '/selection': { html: 16.25, js: 139.5, css: 21.75 },
  '/promo': { html: 18.5, js: 137, css: 21.75 },
  '/promo/1': { html: 20.75, js: 151, css: 21.75 },
  '/news': { html: 19.5, js: 137, css: 21.75 },
  '/news/office-opening': { html: 20, js: 151, css: 21.75 },
  '/contacts': { html: 23.5, js: 152, css: 21.75 },
  '/purchase/mortgage': { html: 25.75, js: 162.75, css: 21.75 },
  '/purchase/installment': { html: 24.5, js: 162.75, css: 21.75 },
  '/privacy': { html: 23, js: 162.75, css: 21.75 },
  '/ready-to-move-in': { html: 27.75, js: 162.75, css: 21.75 },
  '/no-such-page': { html: 20, js: 162.75, css: 21.75 },
};

const base = SITE;
const MESSAGE_GROUPS = Object.keys(en);
const gzipKib = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;

/** The page's HTML and the assets it names for its first load. */
async function weigh(path: string): Promise<{ html: number; js: number; css: number; files: number; rawKeys: string[] }> {
  const response = await fetch(base + path, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36' } });
  const html = await response.text();
  const assets = new Set<string>();
  for (const m of html.matchAll(/<link [^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="(\/assets\/[^"]+)"/g)) assets.add(m[1]!);
  for (const m of html.matchAll(/<link [^>]*href="(\/assets\/[^"]+)"[^>]*rel="(?:modulepreload|stylesheet)"/g)) assets.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:[^"'()]*from\s*)?\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) assets.add(m[1]!);
  // The page's code comes after the page (app/lib/defer-hydration.server.ts), all of it still counted here.
  for (const file of deferredModules(html)) assets.add(file);
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const size = gzipKib(readFileSync(`build/client${asset}`));
    if (asset.endsWith('.css')) css += size;
    else if (asset.endsWith('.js')) js += size;
  }
  // The browser gets only the messages its code names (ADR 027): a key shown instead of its text means one was missed.
  const rawKeys = [...html.matchAll(new RegExp(`>\\s*((?:${MESSAGE_GROUPS.join('|')})\\.[\\w.]+)\\s*<`, 'g'))].map((m) => m[1]!);
  return { html: gzipKib(html), js, css, files: assets.size, rawKeys };
}

describe('byte budgets per template (gzip)', () => {
  const rows: string[] = [];
  afterAll(() => {
    console.info(`template                                     HTML KiB  JS KiB  CSS KiB  files\n${rows.join('\n')}`);
  });

  it.each(TEMPLATES)('%s stays within its budget', async (path) => {
    const budget = BUDGETS_KIB[path];
    expect(budget, `no budget for ${path}: add one`).toBeDefined();
    const weight = await weigh(path);
    rows.push(
      `${path.padEnd(44)} ${weight.html.toFixed(1).padStart(8)} ${weight.js.toFixed(1).padStart(7)} ${weight.css.toFixed(1).padStart(8)} ${String(weight.files).padStart(6)}`,
    );
    expect(weight.files).toBeGreaterThan(0);
    expect(weight.rawKeys, 'messages shown by their key').toEqual([]);
    expect({ html: weight.html <= budget!.html, js: weight.js <= budget!.js, css: weight.css <= budget!.css }, JSON.stringify(weight)).toEqual({
      html: true,
      js: true,
      css: true,
    });
  });
});
