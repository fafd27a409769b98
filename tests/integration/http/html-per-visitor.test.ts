import { describe, expect, it } from 'vitest';
import { SITE, setupSiteApp } from '#tests/support/site.ts';
import { localized, USER_AGENT } from '#tests/support/templates.ts';

const site = setupSiteApp();
/** The site's answers, through inject(). */
const fetch = site.fetch;

/**
 * Issue #17 / ADR 022: a page's HTML (its markup and the hydration data in it) depends only on its URL, language,
 * device class, data version and the experiments' variation, never on the visitor's cookies, so a shared cache may
 * keep it. Visitors with different CSRF tokens, selections, language and consent cookies get the same bytes, once
 * what differs per response whoever asks is set aside (`comparable`). All share one `vid`, so they see one variation.
 */
const PAGES = ['/', '/filter', '/lipovy/flat/22', '/news', '/contacts'] as const;
const VID = 'AbCdEfGhIjKlMnOpQrStUv';

const VISITORS = {
  'no cookie but vid': `vid=${VID}`,
  'a token, a selection, a language': `csrftoken=${'a'.repeat(43)}; selection=22%2C23%2C24; i18n_redirected=zh; sl_consent=accepted; vid=${VID}`,
  'another token, another selection': `vid=${VID}; csrftoken=${'b'.repeat(43)}; selection=25; i18n_redirected=en`,
} as const;

/**
 * The body without what differs per response but not per visitor: CSP nonces, and the clock the page was rendered
 * at (an auction's `now` and its countdown, the price history's `asOf`), which two requests a moment apart see
 * differently whoever sends them.
 */
function comparable(body: string): string {
  return body
    .replace(/ nonce="[^"]*"/g, '')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, 'T')
    .replace(/(data-countdown=""[^>]*>).*?<\/span>/g, '$1</span>');
}

/** Where two bodies first differ, with some context: what a failure shows (the whole page would drown it). */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}:\n  ${JSON.stringify(a.slice(Math.max(0, i - 150), i + 150))}\n  ${JSON.stringify(b.slice(Math.max(0, i - 150), i + 150))}`;
}

async function html(path: string, cookie: string): Promise<{ status: number; body: string }> {
  const res = await fetch(new URL(path, SITE), {
    // From a page of the site: not an entry visit to `/`, which a language cookie redirects (server/http/pages.ts).
    headers: {
      referer: new URL(path, SITE).href,
      cookie,
      'user-agent': USER_AGENT,
      accept: 'text/html,application/xhtml+xml,image/avif,image/webp,*/*;q=0.8',
      'accept-language': 'ru',
    },
    redirect: 'manual',
  });
  return { status: res.status, body: comparable(await res.text()) };
}

describe('the HTML of a page is the same for every visitor', () => {
  for (const lang of ['ru', 'en'] as const) {
    for (const template of PAGES) {
      const path = localized(template, lang);
      it(`${path}`, async () => {
        const [first, ...others] = await Promise.all(Object.values(VISITORS).map((cookie) => html(path, cookie)));
        expect(first!.status, path).toBe(200);
        // Nothing of a visitor's cookies in it.
        expect(first!.body).not.toContain('a'.repeat(43));
        for (const [i, other] of others.entries()) {
          expect(other.status, path).toBe(200);
          expect(other.body.includes('a'.repeat(43)) || other.body.includes('b'.repeat(43)), 'a CSRF token in the HTML').toBe(false);
          const difference = firstDifference(first!.body, other.body);
          if (difference) throw new Error(`${path}: the HTML for "${Object.keys(VISITORS)[i + 1]}" differs ${difference}`);
        }
      });
    }
  }

  it('keeps /selection, the one page made from the cookie, out of shared caches', async () => {
    const res = await fetch(new URL('/selection', SITE), { headers: { cookie: 'selection=22', 'user-agent': USER_AGENT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    await res.arrayBuffer();
  });
});
