import type { Page } from 'playwright-core';

export { fill, LANGS } from '../support/languages.ts';

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
