import { describe, expect, it } from 'vitest';
import { setupBrowser } from '../browser.ts';
import { localized, TEMPLATES } from '../../support/templates.ts';
import { CONTACT, PHONE_UA, PHONE_WIDTHS, problems } from './widths.ts';

/** The phone's half of the width sweep (widths.ts); the desktop's half is in the validators' visit (validators.ts). */
describe('every phone width from 320 to 768 px', () => {
  const browser = setupBrowser();

  it.each(TEMPLATES)(
    "%s: no sideways scroll and a whole call to action with a phone's user agent, in every language",
    async (template) => {
      const failures: string[] = [];
      const { page, context, errors } = await browser.page({ userAgent: PHONE_UA, viewport: { width: 1280, height: 900 } });
      for (const lang of ['ru', 'en', 'zh'] as const) {
        const path = localized(template, lang);
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        await page.evaluate(() => document.fonts.ready);
        for (const width of PHONE_WIDTHS) {
          await page.setViewportSize({ width, height: 812 });
          for (const problem of await problems(page, CONTACT[lang])) failures.push(`phone ${width}px ${path}: ${problem}`);
        }
      }
      expect(errors).toEqual([]);
      await context.close();
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
