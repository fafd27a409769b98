/** One text (or value) in each of the site's languages: seed content, settings, the database's localized columns. */
export type Localized<T = string> = { ru: T; en: T; zh: T };

/**
 * `t('Квартира', 'Flat', '公寓')`: a text written in the three languages at once, in the order ru, en, zh — how seed
 * content (content/) and the catalogue's demo data are written. Words the site's own screens say belong in the
 * catalogs instead (messages.ts).
 */
export const t = (ru: string, en: string, zh: string): Localized => ({ ru, en, zh });
