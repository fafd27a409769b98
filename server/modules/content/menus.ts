import { asc } from 'drizzle-orm';
import type { Locale } from '#core/i18n/locales.ts';
import { LOCALE_ENTRIES } from '#core/i18n/locales.ts';
import { formatPercent } from '#core/i18n/percent.ts';
import { pick } from '#core/schemas/localized.ts';
import type { MortgageKind } from '#core/purchase/types.ts';
import type { Db } from '../../db/client.ts';
import { menuItems } from '../../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

export type MenuElement = { id: number; title: string; url: string; children: MenuElement[] };
export type HeaderMenu = {
  menu_header: { elements: MenuElement[] };
  purchasing_methods: { purchasing_methods: { id: number; name: string; url: string }[] };
  mortgage: { elems: { id: number; name: string; url: string }[] };
  min_mortgage_rate: number;
};

export const MORTGAGE_RATE_PLACEHOLDER = 'min_mortgage_rate';

/**
 * The purchase pages whose link shows the rate of their own programme kind ("Family mortgage from 6 %"); any
 * other link with the placeholder (the general mortgage page among them) shows the lowest rate of all.
 */
export const RATE_KIND_BY_URL: Readonly<Record<string, MortgageKind>> = {
  '/purchase/family-mortgage': 'family',
  '/purchase/it-mortgage': 'it',
};

/** The lowest rate in force, overall (no kind) or of one mortgage kind; null when none is. */
export type RateSource = (kind?: MortgageKind) => Promise<number | null>;
type Rates = { all: number | null; byKind: Partial<Record<MortgageKind, number | null>> };

async function ratesOf(getRate: RateSource): Promise<Rates> {
  const kinds = [...new Set(Object.values(RATE_KIND_BY_URL))];
  const [all, ...each] = await Promise.all([getRate(), ...kinds.map((kind) => getRate(kind))]);
  return { all: all ?? null, byKind: Object.fromEntries(kinds.map((kind, i) => [kind, each[i] ?? null])) };
}

const rateFor = (rates: Rates, url: string): number | null => {
  const kind = RATE_KIND_BY_URL[url];
  return kind ? (rates.byKind[kind] ?? null) : rates.all;
};

const rateFormats = new Map<Locale, Intl.NumberFormat>();
/** The placeholder with the sign an editor wrote after it, with or without a space («min_mortgage_rate%», "min_mortgage_rate %"). */
const RATE_WITH_SIGN = new RegExp(`${MORTGAGE_RATE_PLACEHOLDER}[\\s\\u00a0\\u202f]*%`, 'g');

/**
 * Spec §3: the placeholder in titles and names becomes the minimal rate (0 when missing), per locale. Followed by a
 * percent sign, the two are written as the language writes a percentage (core/i18n/percent.ts: «4,5 %», "4.5%"),
 * whatever space the editor typed; alone, it is the number.
 */
export function substituteRate(text: string, rate: number | null, locale: Locale): string {
  if (!text.includes(MORTGAGE_RATE_PLACEHOLDER)) return text;
  let format = rateFormats.get(locale);
  if (!format) rateFormats.set(locale, (format = new Intl.NumberFormat(LOCALE_ENTRIES[locale].iso, { maximumFractionDigits: 2 })));
  const formatted = format.format(rate ?? 0);
  return text.replace(RATE_WITH_SIGN, formatPercent(rate ?? 0, locale)).replaceAll(MORTGAGE_RATE_PLACEHOLDER, formatted);
}

type Row = typeof menuItems.$inferSelect;

export function createMenuService(db: Db, getRate: RateSource, policy: CachePolicy = STRICT_POLICY) {
  const rows = cached(() => db.select().from(menuItems).orderBy(asc(menuItems.position), asc(menuItems.id)), 30_000, policy, 'menus');

  function tree(all: Row[], parentId: number | null, menu: Row['menu'], locale: Locale, rates: Rates): MenuElement[] {
    return all
      .filter((row) => row.menu === menu && row.parentId === parentId)
      .map((row) => ({
        id: row.id,
        title: substituteRate(pick(row.title, locale), rateFor(rates, row.url), locale),
        url: row.url,
        children: tree(all, row.id, menu, locale, rates),
      }));
  }

  return {
    async header(locale: Locale): Promise<HeaderMenu> {
      const [all, rates] = await Promise.all([rows.get(), ratesOf(getRate)]);
      const flat = (menu: Row['menu']) => tree(all, null, menu, locale, rates).map(({ id, title, url }) => ({ id, name: title, url }));
      return {
        menu_header: { elements: tree(all, null, 'header', locale, rates) },
        purchasing_methods: { purchasing_methods: flat('purchasing_methods') },
        mortgage: { elems: flat('mortgage') },
        // The overall minimum, whatever each link shows.
        min_mortgage_rate: rates.all ?? 0,
      };
    },
    async footer(locale: Locale): Promise<{ elements: MenuElement[] }> {
      const [all, rates] = await Promise.all([rows.get(), ratesOf(getRate)]);
      return { elements: tree(all, null, 'footer', locale, rates) };
    },
    /** The children of one menu item, or null when there is no such item. */
    async submenu(id: number, locale: Locale): Promise<{ id: number; title: string; url: string; elements: MenuElement[] } | null> {
      const [all, rates] = await Promise.all([rows.get(), ratesOf(getRate)]);
      const item = all.find((row) => row.id === id);
      if (!item) return null;
      return {
        id,
        title: substituteRate(pick(item.title, locale), rateFor(rates, item.url), locale),
        url: item.url,
        elements: tree(all, id, item.menu, locale, rates),
      };
    },
    invalidate: rows.invalidate,
  };
}
export type MenuService = ReturnType<typeof createMenuService>;
