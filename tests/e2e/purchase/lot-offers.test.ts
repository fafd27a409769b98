import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, hydrated, setupBrowser } from '../browser.ts';

/**
 * What only a browser shows of a rented commercial unit (in Russian: no language changes what is checked here): its
 * request dialog opens on a click, named by the lot, and Escape closes it; and the pages that show it — its lot page,
 * its floor plan and its section's chessboard, none of them among the validators' templates (tests/support/templates.ts
 * has no unit for rent) — are axe-clean, hydrated. What each kind of lot says, in every language, is read from the
 * server's HTML: tests/integration/purchase/lot-offers.test.ts.
 */
const browser = setupBrowser();

const SAYS = {
  request: 'Оставить заявку',
  rentRequest: /^Заявка на коммерческое помещение № \d+$/,
} as const;

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** A free commercial unit let for rent: from the building premises API of the project's buildings. */
async function firstForRent(page: Page): Promise<{ url: string; id: string }> {
  const project = await api<{ genplan: { buildings: { id: string }[] } }>(page, '/api/project/2/');
  for (const b of project.genplan.buildings) {
    const premises = await api<{ id: number; url: string; status: string }[]>(page, `/api/building/${b.id}/commercial_old/?type_of_advertisement=rent`);
    const free = premises.find((p) => p.status === 'free');
    if (free) return { url: free.url, id: String(free.id) };
  }
  throw new Error('no premises for rent in project 2');
}

describe('a rented commercial unit in the browser (ru)', () => {
  it('its request dialog opens on a click, names the unit and closes on Escape; its lot, floor and section pages are axe-clean', async () => {
    const { page, context, errors } = await browser.page();
    const rent = await firstForRent(page);
    const lot = await api<{ number: string; projectId: string; buildingId: string; sectionId: string; floorId: string }>(page, `/api/commercial/${rent.id}/`);

    await page.goto(rent.url);
    await hydrated(page);
    await page.getByRole('complementary').getByRole('button', { name: SAYS.request }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const heading = (await dialog.getByRole('heading').first().textContent()) ?? '';
    expect(heading).toMatch(SAYS.rentRequest);
    expect(heading).toContain(lot.number);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(page);

    const section = `/projects/${lot.projectId}/building/${lot.buildingId}/section/${lot.sectionId}`;
    for (const path of [`${section}/floor/${lot.floorId}`, section]) {
      await page.goto(path);
      await hydrated(page);
      await expectNoAxeViolations(page);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
