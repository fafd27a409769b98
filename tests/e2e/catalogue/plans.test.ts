import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, setupBrowser } from '../browser.ts';

const browser = setupBrowser();

const LANGUAGES = [
  {
    prefix: '',
    decimal: ',',
    labels: ['Общая площадь', 'Жилая площадь', 'Площадь кухни'],
    hint: /Потяните разделитель/,
    still: 'Один и тот же вид: слева визуализация, справа фотография.',
    divider: 'Граница между рендером и фото',
  },
  {
    prefix: '/en',
    decimal: '.',
    labels: ['Total area', 'Living area', 'Kitchen area'],
    hint: /Drag the divider/,
    still: 'The same view: the render on the left, the photo on the right.',
    divider: 'Divider between render and photo',
  },
  {
    prefix: '/zh',
    decimal: '.',
    labels: ['建筑面积', '居住面积', '厨房面积'],
    hint: /拖动分界线/,
    still: '同一视角：左侧为效果图，右侧为实景照片。',
    divider: '效果图与实景的分界线',
  },
] as const;

/** The value printed next to a label in the lot page's figures. */
async function figure(page: Page, label: string): Promise<string> {
  const row = page.locator('#figures dl > div').filter({ has: page.locator('dt').getByText(label, { exact: true }) });
  return ((await row.locator('dd').textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

const number = (value: string) => Number(/^[\d\s]+(?:[.,]\d+)?/.exec(value)![0].replace(/\s/g, '').replace(',', '.'));

describe('the plan agrees with the figures', () => {
  it("prints a flat's areas in the page language's number format, adding up, beside a plan with no figures of its own", async () => {
    const { page, context, errors } = await browser.page();
    await page.goto('/filter?type=flat&rooms=2');
    const href = (await page.locator('#results article a').first().getAttribute('href'))!;
    for (const { prefix, decimal, labels } of LANGUAGES) {
      await page.goto(`${prefix}${href}`);
      const [total, living, kitchen] = await Promise.all(labels.map((label) => figure(page, label)));
      for (const value of [total!, living!, kitchen!]) {
        expect(value, `${prefix} ${value}`).toMatch(/^\d[\d\s]*(?:[.,]\d)?\s?\S+$/);
        expect(value, `${prefix} ${value}`).not.toContain(decimal === ',' ? '.' : ',');
      }
      expect(
        [total, living, kitchen].some((value) => value!.includes(decimal)),
        prefix,
      ).toBe(true);
      expect(number(living!) + number(kitchen!), prefix).toBeLessThanOrEqual(number(total!));
      const plan = page.locator('img[src*="catalogue/lots/"]').first();
      expect(await plan.getAttribute('src'), prefix).toMatch(/catalogue\/lots\/[\w-]+\.v\d+\.png/);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('render versus photo', () => {
  it('without JavaScript shows a still split with its labels and no drag hint, in ru, en and zh', async () => {
    const { page, context } = await browser.page({ javaScriptEnabled: false });
    for (const { prefix, hint, still, divider } of LANGUAGES) {
      await page.goto(`${prefix}/projects/1`);
      const caption = page.getByText(still, { exact: true });
      expect(await caption.isVisible(), prefix).toBe(true);
      expect(await page.getByText(hint).count(), prefix).toBe(0);
      // The comparison's divider (the page's payment calculator has sliders of its own).
      expect(await page.getByRole('slider', { name: divider }).count(), prefix).toBe(0);
    }
    await context.close();
  });

  it('with JavaScript offers the slider and says how to move it', async () => {
    const { page, context, errors } = await browser.page();
    for (const { prefix, hint, divider } of LANGUAGES) {
      await page.goto(`${prefix}/projects/1`);
      await hydrated(page);
      await expect.poll(() => page.getByText(hint).isVisible()).toBe(true);
      expect(await page.getByRole('slider', { name: divider }).count(), prefix).toBe(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
