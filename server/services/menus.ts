import { asc } from 'drizzle-orm';
import type { Locale } from '#core/i18n/locales.ts';
import { LOCALE_ENTRIES } from '#core/i18n/locales.ts';
import { pick } from '#core/schemas/localized.ts';
import type { Db } from '../db/client.ts';
import { menuItems } from '../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from './cache.ts';

export type MenuElement = { id: number; title: string; url: string; children: MenuElement[] };
export type HeaderMenu = {
  menu_header: { elements: MenuElement[] };
  purchasing_methods: { purchasing_methods: { id: number; name: string; url: string }[] };
  mortgage: { elems: { id: number; name: string; url: string }[] };
  min_mortgage_rate: number;
};

export const MORTGAGE_RATE_PLACEHOLDER = 'min_mortgage_rate';

const rateFormats = new Map<Locale, Intl.NumberFormat>();

/** Spec §3: the placeholder in titles and names becomes the minimal rate (0 when missing), per locale. */
export function substituteRate(text: string, rate: number | null, locale: Locale): string {
  if (!text.includes(MORTGAGE_RATE_PLACEHOLDER)) return text;
  let format = rateFormats.get(locale);
  if (!format) rateFormats.set(locale, (format = new Intl.NumberFormat(LOCALE_ENTRIES[locale].iso, { maximumFractionDigits: 2 })));
  const formatted = format.format(rate ?? 0);
  return text.replaceAll(MORTGAGE_RATE_PLACEHOLDER, formatted);
}

type Row = typeof menuItems.$inferSelect;

export function createMenuService(db: Db, getRate: () => Promise<number | null>, policy: CachePolicy = STRICT_POLICY) {
  const rows = cached(() => db.select().from(menuItems).orderBy(asc(menuItems.position), asc(menuItems.id)), 30_000, policy, 'menus');

  function tree(all: Row[], parentId: number | null, menu: Row['menu'], locale: Locale, rate: number | null): MenuElement[] {
    return all
      .filter((row) => row.menu === menu && row.parentId === parentId)
      .map((row) => ({
        id: row.id,
        title: substituteRate(pick(row.title, locale), rate, locale),
        url: row.url,
        children: tree(all, row.id, menu, locale, rate),
      }));
  }

  return {
    async header(locale: Locale): Promise<HeaderMenu> {
      const [all, rate] = await Promise.all([rows.get(), getRate()]);
      const flat = (menu: Row['menu']) => tree(all, null, menu, locale, rate).map(({ id, title, url }) => ({ id, name: title, url }));
      return {
        menu_header: { elements: tree(all, null, 'header', locale, rate) },
        purchasing_methods: { purchasing_methods: flat('purchasing_methods') },
        mortgage: { elems: flat('mortgage') },
        min_mortgage_rate: rate ?? 0,
      };
    },
    async footer(locale: Locale): Promise<{ elements: MenuElement[] }> {
      const [all, rate] = await Promise.all([rows.get(), getRate()]);
      return { elements: tree(all, null, 'footer', locale, rate) };
    },
    /** The children of one menu item, or null when there is no such item. */
    async submenu(id: number, locale: Locale): Promise<{ id: number; title: string; url: string; elements: MenuElement[] } | null> {
      const [all, rate] = await Promise.all([rows.get(), getRate()]);
      const item = all.find((row) => row.id === id);
      if (!item) return null;
      return { id, title: substituteRate(pick(item.title, locale), rate, locale), url: item.url, elements: tree(all, id, item.menu, locale, rate) };
    },
    invalidate: rows.invalidate,
  };
}
export type MenuService = ReturnType<typeof createMenuService>;
