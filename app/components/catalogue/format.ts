import { useMemo } from 'react';
import { useLocale, useT } from '#app/lib/i18n.tsx';
import { catalogueFormat, type CatalogueFormat } from '#core/catalogue/format.ts';

export { catalogueFormat, lotAccessibleName, type CatalogueFormat, type LotLike } from '#core/catalogue/format.ts';

export function useCatalogueFormat(): CatalogueFormat {
  const locale = useLocale();
  const t = useT();
  return useMemo(() => catalogueFormat(locale, t), [locale, t]);
}
