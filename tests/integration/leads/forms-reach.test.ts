import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import { FORM_SLUGS, type FormSlug } from '#core/validation/lead-forms.ts';
import { SITE, setupSiteApp } from '#tests/support/site.ts';
import { USER_AGENT } from '#tests/support/templates.ts';

const site = setupSiteApp();
/** The site's answers, through inject(). */
const fetch = site.fetch;

/**
 * Every lead form is within reach (issue #14): from the home page of each language, following the site's own links
 * in the server's HTML (what a visitor without JavaScript, or a crawler, can follow), breadth first, every form of
 * `/forms/{slug}` is found on some page — a form is known by where it posts (`action="…/forms/{slug}"`, the one
 * form pattern of the site). No browser: the HTML is the server's, so fetching it is enough and fast.
 */

const FORMS = Object.keys(FORM_SLUGS) as FormSlug[];
/** Enough for the site's templates; the walk stops as soon as every form is found. */
const MAX_PAGES = 150;
/** Lots are thousands of pages of one template: a few are enough to see it. */
const MAX_LOTS = 3;
const LOT = /^\/[a-z0-9-]+\/(?:flat|parking|pantry|commercial)\/[^/]+$/;
/** Not pages: the API, pictures, assets, the developer pages, feeds and files. */
const SKIP = /^\/(?:api|img|assets|media|_icons|_error|ui-kit|sitemaps?|robots|build)(?:\/|\.|$)|\.(?:xml|txt|pdf|json|png|jpe?g|webp|svg|ico)$/;

type Link = { address: string; locale: Locale; path: string };

/** A same-site page link: its address, its language and its path without the language prefix (Russian has none). */
function linkOf(href: string, base: URL): Link | null {
  let url: URL;
  try {
    url = new URL(href.replaceAll('&amp;', '&'), base);
  } catch {
    return null;
  }
  if (url.origin !== base.origin) return null;
  const first = url.pathname.split('/')[1] ?? '';
  const locale = (LOCALES as readonly string[]).includes(first) ? (first as Locale) : 'ru';
  const path = locale === 'ru' ? url.pathname : url.pathname.slice(locale.length + 1) || '/';
  return SKIP.test(path) ? null : { address: url.pathname, locale, path };
}

/**
 * Breadth first from the language's home page, through its own pages. A link to a page in another language that is
 * not the language switcher's (the same page in that language) is a page the site sends this language's visitors
 * to — the Russian footer's link to the English landing — so it is looked at, but not walked from.
 */
async function crawl(locale: Locale): Promise<{ found: Map<FormSlug, string>; visited: number }> {
  const base = new URL(SITE);
  const home = locale === 'ru' ? '/' : `/${locale}`;
  const queue: { address: string; leaf: boolean }[] = [{ address: home, leaf: false }];
  const seen = new Set([home]);
  const found = new Map<FormSlug, string>();
  let lots = 0;
  let visited = 0;
  while (queue.length && visited < MAX_PAGES && found.size < FORMS.length) {
    const { address, leaf } = queue.shift()!;
    const res = await fetch(new URL(address, base), { headers: { 'user-agent': USER_AGENT } });
    visited++;
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('text/html')) continue;
    const html = await res.text();
    for (const [, slug] of html.matchAll(/<form\b[^>]*\baction="[^"]*\/forms\/([a-z-]+)"/g)) {
      if ((FORMS as string[]).includes(slug!) && !found.has(slug as FormSlug)) found.set(slug as FormSlug, new URL(res.url).pathname);
    }
    if (leaf) continue;
    const here = linkOf(res.url, base);
    for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"#]+)/g)) {
      const next = linkOf(href!, new URL(res.url));
      if (!next || seen.has(next.address)) continue;
      const foreign = next.locale !== locale;
      if (foreign && next.path === here?.path) continue;
      if (LOT.test(next.path) && ++lots > MAX_LOTS) continue;
      seen.add(next.address);
      queue.push({ address: next.address, leaf: foreign });
    }
  }
  return { found, visited };
}

describe('every lead form within reach', () => {
  it.each([...LOCALES])('is found by following links from the home page in %s', { timeout: 60_000 }, async (locale) => {
    const { found, visited } = await crawl(locale);
    const missing = FORMS.filter((slug) => !found.has(slug));
    expect(missing, `not reached in ${locale} after ${visited} pages; found: ${JSON.stringify(Object.fromEntries(found))}`).toEqual([]);
  });
});
