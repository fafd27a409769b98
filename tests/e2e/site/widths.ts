import type { Page } from 'playwright-core';
import en from '#core/i18n/catalogs/en/common.ts';
import ru from '#core/i18n/catalogs/ru/common.ts';
import zh from '#core/i18n/catalogs/zh/common.ts';

/**
 * Every template at every common width, 320 to 1920 px, in each language, with a desktop's user agent (an iPad or a
 * narrowed desktop window sends one) at every width and a phone's at 320, 375 and 768 px (a large phone held sideways):
 * nothing scrolls sideways and the header's call to action stays whole, on one line, on screen. A phone's user agent
 * changes which image sizes the server picks, not the layout (app/lib/device-context.tsx), and no phone is 1920 px
 * wide: the widths a phone never has were the same check twice.
 *
 * The desktop sweep runs inside the validators' visit of each page (validators.ts: the page is already open, hydrated
 * and checked in each language, so it is resized there rather than loaded again); the phone's user agent has a visit
 * of its own (widths.test.ts).
 */
export const WIDTHS = [320, 375, 768, 1024, 1280, 1366, 1440, 1920];
export const PHONE_WIDTHS = [320, 375, 768];
export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
export const CONTACT = { ru: ru.header.contact, en: en.header.contact, zh: zh.header.contact } as const;

/** What overflows the viewport at the current width, or the header's call to action when it is cut or wrapped. */
export async function problems(page: Page, contact: string): Promise<string[]> {
  return page.evaluate((contactName) => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      const culprits = [...document.body.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && getComputedStyle(el).position !== 'fixed')
        .slice(-3)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').slice(0, 50)}`);
      found.push(`scrolls sideways by ${root.scrollWidth - root.clientWidth}px (${culprits.join(' | ')})`);
    }
    const cta = [...document.querySelectorAll('header button')].find((b) => b.textContent?.trim() === contactName);
    if (cta && getComputedStyle(cta).display !== 'none') {
      const box = cta.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(cta);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (box.right > root.clientWidth || box.left < 0) found.push(`call to action off screen (${Math.round(box.left)}–${Math.round(box.right)})`);
      if (lines.size > 1) found.push(`call to action on ${lines.size} lines`);
    }
    return found;
  }, contact);
}
