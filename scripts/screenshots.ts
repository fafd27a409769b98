/**
 * Screenshots of pages at 375 px and 1440 px in each language, for looking at the site:
 * `node scripts/screenshots.ts http://127.0.0.1:3000 /tmp/shots / /contacts /privacy`
 * (env: LOCALES=ru,en; WIDTHS=375; FULL=0 for the first screen only; COOKIE='selection=1,2' to be a returning visitor)
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './ensure-chromium.ts';

const [base = 'http://127.0.0.1:3000', out = '/tmp/shots', ...paths] = process.argv.slice(2);
const locales = (process.env.LOCALES ?? 'ru,en,zh').split(',');
const widths = (process.env.WIDTHS ?? '375,1440').split(',').map(Number);
const fullPage = process.env.FULL !== '0';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
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
      const name = `${out}/${width}-${locale}-${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`;
      await page.screenshot({ path: name, fullPage });
      console.info(name);
    }
  }
  await context.close();
}
await browser.close();
