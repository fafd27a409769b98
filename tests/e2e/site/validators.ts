import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import { schemaOrgProblems } from '#app/components/seo/schema-org-check.ts';
import { ensureJava } from '../../../scripts/ensure-java.ts';
import { baseURL, hydrated, setupBrowser, USER_AGENT, VIEWPORTS } from '../browser.ts';
import { localized } from '../../support/templates.ts';
import { CONTACT, problems, WIDTHS } from './widths.ts';

/**
 * What validators and crawlers see, on every template in every language: the server's HTML and the hydrated page are
 * valid HTML for the Nu HTML checker (vnu-jar, pinned in package.json, on Debian's Java; one JVM for all files), each
 * page is axe-clean, and every schema.org block is valid against the checked-in part of schema.org. The templates are
 * split over two files (validators-*.test.ts) that run on parallel workers, each with its own checker run. Each page,
 * once checked, is also resized from 320 to 1920 px with nothing scrolling sideways (widths.ts).
 *
 * Axe runs all its WCAG 2.1 AA and best-practice rules on the Russian page, and on the English and Chinese ones the
 * rules whose outcome the words or the language can change (LANGUAGE_RULES): the three share one style sheet and one
 * layout code, so contrast, landmarks and roles are proven once; a name the catalog left empty, a duplicated landmark
 * label, a wrong `lang`, a region made scrollable by longer words, and the headings, lists and links of an article
 * written in that language are proven in each.
 * The full rule set takes ~2 s of a core a page, these ~0.5 s (measured on /projects/1, /filter and a lot page).
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const LANGUAGE_RULES = [
  'area-alt',
  'aria-command-name',
  'aria-dialog-name',
  'aria-input-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-toggle-field-name',
  'aria-tooltip-name',
  'aria-treeitem-name',
  'button-name',
  'document-title',
  'empty-heading',
  'empty-table-header',
  'frame-title',
  'frame-title-unique',
  'html-has-lang',
  'html-lang-valid',
  'html-xml-lang-mismatch',
  'image-alt',
  'image-redundant-alt',
  'input-button-name',
  'input-image-alt',
  'label',
  'label-content-name-mismatch',
  'label-title-only',
  'landmark-unique',
  'link-name',
  'object-alt',
  'role-img-alt',
  'scrollable-region-focusable',
  'select-name',
  'summary-name',
  'svg-img-alt',
  'table-duplicate-name',
  'valid-lang',
  // Articles and editors' pages are written in each language apart (content/publications.ts): their headings,
  // lists and links are the language's own markup.
  'heading-order',
  'link-in-text-block',
  'list',
  'listitem',
  'page-has-heading-one',
];
const VNU_JAR = createRequire(import.meta.url)('vnu-jar') as string;

/** A page with a known error (the hidden input's readonly this test was written for): proves the checker ran and reports. */
const SENTINEL = '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><input type="hidden" name="k" value="v" readonly></body></html>';

type Captured = { ssr: string; dom: string };
/**
 * What the checker reports that the HTML Standard allows: it has not caught up with these yet. Each is one
 * exact message about one exact construct, with the section of the Standard that allows it.
 * - `<link rel="expect" href="#…" blocking="render">` (HTML §4.6.7.8 "Link type expect" and §2.5.8 blocking
 *   attributes): the checker still allows `blocking` only on stylesheets.
 */
const CHECKER_LAGS = [/A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\..*rel="expect"/s];

type VnuMessage = { type: string; subType?: string; url: string; message: string; extract?: string; lastLine?: number };

async function capture(page: Page, path: string, lang: Locale): Promise<Captured & { axe: string[]; widths: string[] }> {
  const res = await fetch(baseURL() + path, { headers: { 'user-agent': USER_AGENT } });
  const ssr = await res.text();
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  const builder = new AxeBuilder({ page });
  const results = await (lang === 'ru' ? builder.withTags(AXE_TAGS) : builder.withRules(LANGUAGE_RULES)).analyze();
  const axe = results.violations.map(
    (v) =>
      `${path}: ${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n  ')}`,
  );
  const dom = await page.content();
  // The desktop half of the width sweep (widths.ts), on the page already open: resized, not loaded again.
  const widths: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 });
    for (const problem of await problems(page, CONTACT[lang])) widths.push(`${width}px ${path}: ${problem}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  return { ssr, dom, axe, widths };
}

/** Every schema.org block of a server-rendered page. */
const jsonLd = (html: string): unknown[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as unknown);

export function validatorsSuite(templates: readonly string[]): void {
  describe('validators on every template', () => {
    const browser = setupBrowser();
    const captured = new Map<string, Captured>();
    const dir = mkdtempSync(join(tmpdir(), 'site-vnu-'));
    let java = '';
    beforeAll(() => {
      java = ensureJava();
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    async function visit(template: string): Promise<{ axe: string[]; widths: string[]; errors: string[] }> {
      const { page, context, errors } = await browser.page();
      const axe: string[] = [];
      const widths: string[] = [];
      for (const lang of LOCALES) {
        const path = localized(template, lang);
        const result = await capture(page, path, lang);
        captured.set(path, { ssr: result.ssr, dom: result.dom });
        axe.push(...result.axe);
        widths.push(...result.widths);
      }
      await context.close();
      return { axe, widths, errors };
    }

    it.each(templates)(
      '%s: axe-clean (ru: every rule; en, zh: the rules words change), with valid schema.org data, whole from 320 to 1920 px',
      async (template) => {
        const { axe, widths, errors } = await visit(template);
        expect(axe, axe.join('\n')).toEqual([]);
        expect(widths).toEqual([]);
        const problems = LOCALES.flatMap((lang: Locale) => {
          const path = localized(template, lang);
          return jsonLd(captured.get(path)!.ssr).flatMap((block) => schemaOrgProblems(block).map((problem) => `${path}: ${problem}`));
        });
        expect(problems).toEqual([]);
        expect(errors).toEqual([]);
        // Three languages of a page, each hydrated and axe-checked (the filter's results are the longest): more than the
        // default three minutes when the run's other lanes hold both cores.
      },
      360_000,
    );

    it('the Nu HTML checker finds no error in the server HTML or the hydrated page of any of them', async () => {
      for (const template of templates) if (!captured.has(localized(template, 'ru'))) await visit(template);
      const files: string[] = [];
      for (const [path, { ssr, dom }] of captured) {
        const name = path.replace(/[^a-z0-9]+/gi, '_') || 'root';
        for (const [kind, html] of [
          ['ssr', ssr],
          ['dom', dom],
        ] as const) {
          const file = join(dir, `${name}.${kind}.html`);
          writeFileSync(file, html);
          files.push(file);
        }
      }
      const sentinel = join(dir, 'sentinel.html');
      writeFileSync(sentinel, SENTINEL);
      const run = spawnSync(java, ['-jar', VNU_JAR, '--format', 'json', '--errors-only', '--stdout', sentinel, ...files], {
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      });
      expect(run.error).toBeUndefined();
      const messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
      expect(messages.filter((m) => m.url.endsWith('/sentinel.html')).map((m) => m.message)).toContainEqual(expect.stringContaining('“readonly”'));
      const unexpected = messages.filter((m) => !m.url.endsWith('/sentinel.html') && !CHECKER_LAGS.some((lag) => lag.test(`${m.message} ${m.extract ?? ''}`)));
      const report = unexpected.map((m) => `${m.url.replace(/^.*\//, '')}:${m.lastLine ?? '?'}: ${m.message}\n    ${(m.extract ?? '').slice(0, 160)}`);
      expect(report, report.join('\n')).toEqual([]);
      expect(files.length).toBe(templates.length * LOCALES.length * 2);
    }, 600_000);
  });
}
