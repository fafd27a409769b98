import { describe, expect, it } from 'vitest';
import { SITE, setupSiteApp } from '#tests/support/site.ts';
import { USER_AGENT } from '#tests/support/templates.ts';

const site = setupSiteApp();
const headers = { 'user-agent': USER_AGENT };

/** Each lot plan `<img>` of the server's HTML: its attributes. */
function planImages(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img [^>]*src="[^"]*\/plain\/catalogue\/lots\/[^"]*"[^>]*>/g)].map((m) =>
    Object.fromEntries([...m[0].matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1]!.toLowerCase(), a[2]!])),
  );
}

/** Plans load by themselves as they come near (no script, pointer or hydration needed); the first row at once. */
function expectNativePlans(plans: Record<string, string>[], count: number) {
  expect(plans).toHaveLength(count);
  plans.forEach((img, index) => {
    expect(img.src, `plan ${index}`).toMatch(/^\/img\/[^/]+\/.*\/plain\/catalogue\/lots\/[^@]+\.png$/);
    expect(img.srcset, `plan ${index}`).toMatch(/ 1x, .+ 2x$/);
    expect(img.src).not.toContain('bl:');
    expect([Number(img.width) > 0, Number(img.height) > 0]).toEqual([true, true]);
    expect(img.loading, `plan ${index}`).toBe(index < 3 ? 'eager' : 'lazy');
    if (index >= 3) expect(img.decoding).toBe('async');
  });
  expect(plans[0]!.fetchpriority).toBe('high');
  expect(plans.slice(1).some((img) => img.fetchpriority)).toBe(false);
}

describe('lot plans in the server HTML', () => {
  it('the filter: every plan a native src and srcset, lazy after the first row, in cards and in the list', async () => {
    const grid = await (await site.fetch(`${SITE}/filter`, { headers })).text();
    const plans = planImages(grid);
    expect(plans.length).toBeGreaterThan(6);
    expectNativePlans(plans, plans.length);
    expect(grid).not.toContain('<noscript><img');

    const list = planImages(await (await site.fetch(`${SITE}/en/filter?layout=list`, { headers })).text());
    expect(list.length).toBeGreaterThan(6);
    list.forEach((img, index) => {
      expect(img.srcset).toMatch(/ 1x, .+ 2x$/);
      expect(img.loading).toBe(index < 3 ? 'eager' : 'lazy');
    });
  });

  it('the comparison on /selection: every plan a native src and srcset, lazy after the first three', async () => {
    const filter = await (await site.fetch(`${SITE}/filter`, { headers })).text();
    const ids = [...new Set([...filter.matchAll(/name="id" value="(\d+)"/g)].map((m) => m[1]!))].slice(0, 5);
    expect(ids).toHaveLength(5);
    const html = await (await site.fetch(`${SITE}/selection?ids=${ids.join(',')}`, { headers })).text();
    const plans = planImages(html);
    expect(plans).toHaveLength(5);
    plans.forEach((img, index) => {
      expect(img.src).toMatch(/\/plain\/catalogue\/lots\/[^@]+\.png$/);
      expect(img.srcset).toMatch(/ 1x, .+ 2x$/);
      expect(img.loading).toBe(index < 3 ? 'eager' : 'lazy');
    });
  });
});
