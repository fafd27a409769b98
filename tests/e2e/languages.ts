import type { Page } from 'playwright-core';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';

/** The three languages as the browser tests visit them: path prefix, the browser's locale and the catalog. */
export const LANGS = [
  { lang: 'ru', prefix: '', locale: 'ru-RU', m: ru },
  { lang: 'en', prefix: '/en', locale: 'en-GB', m: en },
  { lang: 'zh', prefix: '/zh', locale: 'zh-CN', m: zh },
] as const;

/** A catalog message with its `{name}` placeholders filled in. */
export const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

/** Layout shifts not caused by input, summed from before the page's own scripts (read `window.cls`). */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store = window as unknown as { cls: number };
    store.cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) store.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
