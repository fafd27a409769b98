/**
 * Screenshots of pages at 375 px and 1440 px in each language, for looking at the site:
 * `node scripts/screenshots.ts http://127.0.0.1:3000 /tmp/shots / /contacts /privacy`
 * (env: LOCALES=ru,en; WIDTHS=375; FULL=0 for the first screen only; COOKIE='selection=1,2' to be a returning visitor;
 * PARTS=1 also cuts a full page into screen-high slices, `…-part1.png`, `…-part2.png`, to look at closely)
 * Full pages are scrolled through first, so lazy images below the fold load as they would for a reader.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './ensure-chromium.ts';

const [base = 'http://127.0.0.1:3000', out = '/tmp/shots', ...paths] = process.argv.slice(2);
const locales = (process.env.LOCALES ?? 'ru,en,zh').split(',');
const widths = (process.env.WIDTHS ?? '375,1440').split(',').map(Number);
const fullPage = process.env.FULL !== '0';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 800 ? 812 : 900 }, deviceScaleFactor: 1 });
  if (process.env.COOKIE) {
    const cookies = process.env.COOKIE.split(';').map((pair) => {
      const [name = '', ...value] = pair.trim().split('=');
      return { name, value: value.join('='), url: base };
    });
    await context.addCookies(cookies);
  }
  const page = await context.newPage();
  for (const locale of locales) {
    for (const path of paths.length ? paths : ['/']) {
      const prefixed = locale === 'ru' ? path : `/${locale}${path === '/' ? '' : path}`;
      await page.goto(base + prefixed, { waitUntil: 'networkidle' });
      if (fullPage) await scrollThrough(page);
      const name = `${out}/${width}-${locale}-${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`;
      await page.screenshot({ path: name, fullPage });
      console.info(name);
      if (fullPage && process.env.PARTS === '1') await slice(name, width < 800 ? 812 : 900);
    }
  }
  await context.close();
}
await browser.close();

/** Scrolls down a screen at a time (lazy images enter), waits for their requests, then goes back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForLoadState('networkidle');
    // Lazy images near the screen are asked for by the image loader's queue: wait until each is shown or failed.
    await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLImageElement>('img[data-status]')].every((img) => {
            const box = img.getBoundingClientRect();
            const near = box.bottom > -400 && box.top < window.innerHeight + 400 && box.right > 0 && box.left < window.innerWidth;
            return !near || img.dataset.status === 'applied' || img.dataset.status === 'error';
          }),
        undefined,
        { timeout: 5000 },
      )
      .catch(() => console.warn(`some images near ${y}px did not load within 5 s`));
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForLoadState('networkidle');
}

/** Cuts a full-page screenshot into slices of `height` px. */
async function slice(file: string, height: number): Promise<void> {
  const { width = 0, height: total = 0 } = await sharp(file).metadata();
  for (let top = 0, part = 1; top < total; top += height, part++) {
    const out = file.replace(/\.png$/, `-part${part}.png`);
    await sharp(file)
      .extract({ left: 0, top, width, height: Math.min(height, total - top) })
      .toFile(out);
    console.info(out);
  }
}
