import { useLocale, useT } from '#app/lib/i18n.tsx';
import type { Locale } from '#core/i18n/locales.ts';
import { catalogueFormat, type CatalogueFormat } from '#core/catalogue/format.ts';
import { keptIn } from '#core/memo.ts';

export { catalogueFormat, lotAccessibleName, type CatalogueFormat, type LotLike } from '#core/catalogue/format.ts';

/**
 * The formats of the page's language and messages, made once for all the cards and figures that show them (a page
 * of 24 cards made them 24 times on every render).
 */
export function useCatalogueFormat(): CatalogueFormat {
  const locale = useLocale();
  const t = useT();
  return keptIn(
    keptIn(FORMATS, t, () => new Map()),
    locale,
    () => catalogueFormat(locale, t),
  );
}

const FORMATS = new WeakMap<ReturnType<typeof useT>, Map<Locale, CatalogueFormat>>();
