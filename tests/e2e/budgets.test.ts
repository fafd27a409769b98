import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATES } from './templates.ts';

/**
 * Byte budgets per template (issue #17), independent of timing: what a first visit downloads before the page is
 * interactive — the HTML, the JavaScript the HTML names (module preloads and the module scripts' imports) and the
 * style sheets — each gzip-compressed at level 9 from the production build. A change that makes a template heavier
 * than its budget fails here; lower a budget when a template gets lighter. Figures in KiB; the budgets were set on
 * 2026-11-26 a few percent above what each template weighed then (the JavaScript is the next work of issue #17).
 */
const BUDGETS_KIB: Record<string, { html: number; js: number; css: number }> = {
  '/': { html: 52, js: 216, css: 16 },
  '/projects': { html: 40, js: 204, css: 16 },
  '/projects/1': { html: 60, js: 226, css: 16 },
  '/projects/2/progress': { html: 41, js: 203, css: 16 },
  '/projects/1/building/1': { html: 42, js: 207, css: 16 },
  '/projects/1/building/1/section/1': { html: 58, js: 208, css: 16 },
  '/projects/1/building/1/section/1/floor/2': { html: 44, js: 212, css: 16 },
  '/lipovy/flat/22': { html: 51, js: 222, css: 16 },
  '/lipovy/parking/1': { html: 47, js: 222, css: 16 },
  '/lipovy/pantry/8': { html: 48, js: 222, css: 16 },
  '/sosnovy/commercial/1': { html: 51, js: 222, css: 16 },
  '/filter': { html: 50, js: 215, css: 16 },
  '/filter/mashino-mesta': { html: 49, js: 214, css: 16 },
  '/selection': { html: 36, js: 204, css: 16 },
  '/promo': { html: 40, js: 202, css: 16 },
  '/promo/1': { html: 40, js: 203, css: 16 },
  '/news': { html: 41, js: 202, css: 16 },
  '/news/office-opening': { html: 40, js: 203, css: 16 },
  '/contacts': { html: 41, js: 204, css: 16 },
  '/purchase/mortgage': { html: 44, js: 216, css: 16 },
  '/purchase/installment': { html: 42, js: 216, css: 16 },
  '/privacy': { html: 42, js: 216, css: 16 },
  '/ready-to-move-in': { html: 44, js: 216, css: 16 },
  '/no-such-page': { html: 36, js: 216, css: 16 },
};

const base = inject('baseURL');
const gzipKib = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;

/** The page's HTML and the assets it names for its first load. */
async function weigh(path: string): Promise<{ html: number; js: number; css: number; files: number }> {
  const response = await fetch(base + path, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36' } });
  const html = await response.text();
  const assets = new Set<string>();
  for (const m of html.matchAll(/<link [^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="(\/assets\/[^"]+)"/g)) assets.add(m[1]!);
  for (const m of html.matchAll(/<link [^>]*href="(\/assets\/[^"]+)"[^>]*rel="(?:modulepreload|stylesheet)"/g)) assets.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:[^"'()]*from\s*)?\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) assets.add(m[1]!);
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const size = gzipKib(readFileSync(`build/client${asset}`));
    if (asset.endsWith('.css')) css += size;
    else if (asset.endsWith('.js')) js += size;
  }
  return { html: gzipKib(html), js, css, files: assets.size };
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
    expect({ html: weight.html <= budget!.html, js: weight.js <= budget!.js, css: weight.css <= budget!.css }, JSON.stringify(weight)).toEqual({
      html: true,
      js: true,
      css: true,
    });
  });
});
