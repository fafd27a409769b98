import { describe, it, expect } from 'vitest';
import { home } from './home.ts';
import { menus } from './menus.ts';
import { pages } from './pages/index.ts';
import { projects } from './projects.ts';
import { redirects } from './redirects.ts';
import { seoMeta } from './seo.ts';
import { settings } from './settings.ts';
import type { Block, Localized, MenuLink } from './types.ts';

const LANGS = ['ru', 'en', 'zh'] as const;
type Lang = (typeof LANGS)[number];

function isLocalized(value: unknown): value is Localized {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value).sort();
  return keys.join() === 'en,ru,zh' && LANGS.every((l) => typeof (value as Record<string, unknown>)[l] === 'string');
}

/** Every Localized value inside `root`, with its dotted path. */
function collectLocalized(root: unknown, path: string, out: { path: string; value: Localized }[] = []) {
  if (isLocalized(root)) out.push({ path, value: root });
  else if (Array.isArray(root)) root.forEach((item, i) => collectLocalized(item, `${path}[${i}]`, out));
  else if (typeof root === 'object' && root !== null) {
    for (const [key, value] of Object.entries(root)) collectLocalized(value, `${path}.${key}`, out);
  }
  return out;
}

/** Every string of the content in one language (Localized values and page bodies). */
function textsIn(lang: Lang): string[] {
  const texts = collectLocalized({ settings, menus, pages, seoMeta, home, projects }, '').map((e) => e.value[lang]);
  for (const page of pages) {
    for (const block of page.body[lang]) {
      if (block.type === 'ul') texts.push(...block.items);
      else texts.push(block.text);
    }
  }
  return texts.filter((s) => s !== '');
}

function flatten(links: MenuLink[]): MenuLink[] {
  return links.flatMap((l) => [l, ...flatten(l.children ?? [])]);
}

/** Spec §2 keeps '/old' out of comparisons: the first '/old' is stripped. */
const stripOld = (path: string) => path.replace('/old', '') || '/';

describe('localized texts', () => {
  const ONLY_RU = '.home.app.';
  const NOT_RU = '.home.englishManagers.';
  const entries = collectLocalized({ settings, menus, pages, seoMeta, home, projects }, '');

  it('finds the content', () => {
    expect(entries.length).toBeGreaterThan(100);
  });

  it('is non-empty in all three languages (except the documented home-page blocks)', () => {
    for (const { path, value } of entries) {
      if (path.startsWith(ONLY_RU)) continue;
      if (path.startsWith(NOT_RU)) continue;
      for (const lang of LANGS) expect(value[lang].trim(), `${path}.${lang}`).not.toBe('');
    }
  });

  it('mentions the residents’ app only in Russian', () => {
    for (const { path, value } of entries.filter((e) => e.path.startsWith(ONLY_RU))) {
      expect(value.ru.trim(), path).not.toBe('');
      expect(value.en, path).toBe('');
      expect(value.zh, path).toBe('');
    }
  });

  it('promises English-speaking managers in English and Chinese', () => {
    const found = entries.filter((e) => e.path.startsWith(NOT_RU));
    expect(found).toHaveLength(2);
    for (const { path, value } of found) {
      expect(value.en.trim(), path).not.toBe('');
      expect(value.zh.trim(), path).not.toBe('');
      expect(value.en, path).toMatch(/English-speaking/);
    }
  });

  it('has no untrimmed strings, no Cyrillic outside Russian, straight quotes nowhere', () => {
    for (const lang of LANGS) {
      for (const text of textsIn(lang)) {
        expect(text, text).toBe(text.trim());
        expect(text, text).not.toMatch(/["']|\s{2,}/);
        if (lang !== 'ru') expect(text, text).not.toMatch(/[А-Яа-яЁё]/);
      }
    }
  });

  it('writes Chinese in Simplified characters', () => {
    // A sample of common Traditional-only characters.
    const traditional = /[們這與說樓區車開發為會資貸關於個聯繫費價號線寶國際項條務請點擊]/;
    for (const text of textsIn('zh')) expect(text, text).not.toMatch(traditional);
  });

  it('uses only example.ru e-mail addresses', () => {
    for (const lang of LANGS) {
      for (const text of textsIn(lang)) {
        for (const match of text.matchAll(/[\w.+-]+@([\w-]+(?:\.[\w-]+)+)/g)) expect(match[1], text).toBe('example.ru');
      }
    }
    expect(settings.email).toMatch(/^[\w.+-]+@example\.ru$/);
  });
});

describe('settings', () => {
  it('has E.164 phone numbers in the fictional +7 495 000-xx-xx range', () => {
    const numbers = [...settings.phones.map((p) => p.number), settings.supportPhone, settings.whatsapp];
    expect(settings.phones.length).toBeGreaterThan(0);
    for (const n of numbers) {
      expect(n).toMatch(/^\+[1-9]\d{7,14}$/);
      expect(n).toMatch(/^\+7495000\d{4}$/);
    }
  });

  it('has https URLs and the fictional disclosure platform', () => {
    expect(settings.disclosureUrl).toBe('https://disclosure.example.ru/');
    for (const url of [settings.disclosureUrl, settings.appStoreUrl, settings.googlePlayUrl, ...settings.socials.map((s) => s.url)]) {
      expect(() => new URL(url)).not.toThrow();
      expect(url.startsWith('https://')).toBe(true);
    }
    expect(new Set(settings.socials.map((s) => s.network)).size).toBe(settings.socials.length);
  });
});

describe('menus', () => {
  const pageSlugs = new Set(pages.map((p) => `/${p.slug}`));
  const appRoutes = [/^\/$/, /^\/projects(\/\d+)?$/, /^\/filter(\/[a-z0-9-]+)?$/, /^\/selection$/, /^\/promo$/, /^\/news$/, /^\/contacts$/, /^\/auctions$/];
  const resolves = (url: string) => pageSlugs.has(url) || appRoutes.some((r) => r.test(url));

  it('links only to app routes or existing pages', () => {
    for (const menu of Object.values(menus)) {
      for (const link of flatten(menu)) expect(resolves(link.url), link.url).toBe(true);
    }
  });

  it('has the header of the brief, with one child per project', () => {
    expect(menus.header.map((l) => l.url)).toEqual([
      '/projects',
      '/filter',
      '/filter/mashino-mesta',
      '/filter/kladovye',
      '/filter/kommercheskaya',
      '/promo',
      '/news',
      '/contacts',
    ]);
    expect(menus.header[0]?.children?.map((l) => l.url)).toEqual(['/projects/1', '/projects/2', '/projects/3', '/projects/4']);
    expect(projects.map((p) => p.status).sort()).toEqual(['completed', 'construction', 'construction', 'presale']);
  });

  it('puts min_mortgage_rate into every mortgage item in every language', () => {
    const items = flatten(menus.mortgage);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) for (const lang of LANGS) expect(item.title[lang]).toContain('min_mortgage_rate');
  });

  it('links the footer to the four policy pages', () => {
    const urls = flatten(menus.footer).map((l) => l.url);
    for (const slug of ['/disclosure', '/legal', '/privacy', '/data-recipients']) expect(urls).toContain(slug);
    for (const group of menus.footer) expect(group.children?.length ?? 0).toBeGreaterThan(0);
  });
});

describe('pages', () => {
  it('has the four policy pages with unique slugs', () => {
    const slugs = pages.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toEqual(expect.arrayContaining(['disclosure', 'legal', 'privacy', 'data-recipients']));
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/);
  });

  it('has blocks in all three languages with the same types in the same order', () => {
    const shape = (b: Block) => (b.type === 'ul' ? `ul:${b.items.length}` : b.type === 'button' ? `button:${b.href}:${b.external ?? false}` : b.type);
    for (const page of pages) {
      expect(page.body.ru.length, page.slug).toBeGreaterThan(0);
      const ru = page.body.ru.map(shape);
      expect(page.body.en.map(shape), `${page.slug} en`).toEqual(ru);
      expect(page.body.zh.map(shape), `${page.slug} zh`).toEqual(ru);
      for (const lang of LANGS) {
        for (const block of page.body[lang]) {
          if (block.type === 'ul') for (const item of block.items) expect(item.trim(), page.slug).not.toBe('');
          else expect(block.text.trim(), page.slug).not.toBe('');
        }
      }
    }
  });

  it('gives every page a one-sentence meta description of at most 160 characters', () => {
    for (const page of pages) {
      for (const lang of LANGS) expect(page.description[lang].length, `${page.slug} ${lang}`).toBeLessThanOrEqual(160);
    }
  });

  it('makes the disclosure page point to the external platform with exactly one button', () => {
    const page = pages.find((p) => p.slug === 'disclosure');
    expect(page?.template).toBe('disclosure');
    const texts = {
      ru: 'Перейти на страницу',
      en: 'Go to page',
      zh: '前往页面',
    };
    for (const lang of LANGS) {
      const buttons = page!.body[lang].filter((b) => b.type === 'button');
      expect(buttons).toEqual([
        {
          type: 'button',
          text: texts[lang],
          href: settings.disclosureUrl,
          external: true,
        },
      ]);
    }
    // The agents' and partners' pages carry their booking forms; every other page is text.
    const forms: Record<string, string> = { agents: 'agents', partners: 'partners' };
    for (const other of pages.filter((p) => p.slug !== 'disclosure')) expect(other.template, other.slug).toBe(forms[other.slug] ?? 'text');
  });

  it('has a substantial privacy policy', () => {
    const page = pages.find((p) => p.slug === 'privacy')!;
    expect(page.body.ru.length).toBeGreaterThanOrEqual(10);
    const all = page.body.ru.map((b) => (b.type === 'ul' ? b.items.join(' ') : b.text)).join(' ');
    for (const word of ['152-ФЗ', 'Оператор', 'cookie', 'согласи', 'privacy@example.ru', 'Отозвать']) expect(all).toContain(word);
  });

  it('has a not-a-public-offer notice citing Article 437', () => {
    const page = pages.find((p) => p.slug === 'legal')!;
    for (const lang of LANGS) expect(page.body[lang].some((b) => b.type === 'p' && b.text.includes('437'))).toBe(true);
  });
});

describe('redirects', () => {
  it('has 6–8 rows with unique absolute old paths, at least three under /old', () => {
    expect(redirects.length).toBeGreaterThanOrEqual(6);
    expect(redirects.length).toBeLessThanOrEqual(8);
    const olds = redirects.map((r) => r.old_path);
    expect(new Set(olds).size).toBe(olds.length);
    expect(new Set(olds.map(stripOld)).size).toBe(olds.length);
    expect(olds.filter((o) => o.startsWith('/old/')).length).toBeGreaterThanOrEqual(3);
    for (const r of redirects) {
      expect(r.old_path.startsWith('/')).toBe(true);
      expect(r.new_path.startsWith('/')).toBe(true);
    }
  });

  it('neither loops nor chains', () => {
    const olds = new Set(redirects.map((r) => stripOld(r.old_path)));
    for (const r of redirects) {
      expect(stripOld(r.old_path), r.old_path).not.toBe(r.new_path);
      expect(olds.has(r.new_path), r.new_path).toBe(false);
      expect(r.new_path).not.toContain('old');
    }
  });
});

describe('seo meta', () => {
  it('covers the main routes once each', () => {
    const urls = seoMeta.map((r) => r.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toEqual(expect.arrayContaining(['/', '/projects', '/filter', '/promo', '/news', '/contacts', '/selection']));
  });

  it('keeps titles ≤ 60 and descriptions ≤ 160 characters', () => {
    for (const row of seoMeta) {
      for (const lang of LANGS) {
        expect(row.title[lang].length, `${row.url} title ${lang}`).toBeLessThanOrEqual(60);
        expect(row.description[lang].length, `${row.url} description ${lang}`).toBeLessThanOrEqual(160);
      }
    }
  });
});

describe('home', () => {
  it('has 6 advantages and 8 indicators', () => {
    expect(home.advantages).toHaveLength(6);
    expect(home.indicators).toHaveLength(8);
    for (const i of home.indicators) expect(i.value.trim()).not.toBe('');
  });
});
