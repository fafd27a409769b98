import type { ChangeEvent } from 'react';
import { ORDERINGS } from '#core/catalogue/filter.ts';
import type { LotFilter } from '#core/catalogue/service.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';

export type Ordering = NonNullable<LotFilter['ordering']>;

/** The catalogue's order when the URL names none: cheapest first. */
export const DEFAULT_ORDERING: Ordering = 'recommended';

/**
 * The sort order, as the `ordering` field of the filter's GET form (`form` ties it to the form from the
 * results toolbar). The default order stays out of the URL.
 */
export function SortSelect({ value, form, onChange }: { value: Ordering | undefined; form?: string; onChange?: (value: Ordering | undefined) => void }) {
  const t = useT();
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value as Ordering;
    onChange?.(next === DEFAULT_ORDERING ? undefined : next);
  };
  return (
    <label className="relative inline-flex items-center gap-2 text-sm">
      <span className="text-muted max-sm:sr-only">{t('catalogue.sort.label')}</span>
      <span className="relative">
        <select
          name="ordering"
          form={form}
          value={value ?? DEFAULT_ORDERING}
          onChange={change}
          className="min-h-11 cursor-pointer appearance-none rounded-full bg-white py-2 pr-10 pl-4 font-semibold ring-1 ring-line hover:ring-brand-300 focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          {ORDERINGS.map((ordering) => (
            <option key={ordering} value={ordering}>
              {t(`catalogue.sort.options.${ordering.replace('-', 'desc_') as SortKey}`)}
            </option>
          ))}
        </select>
        <Icon name="chevron-down" className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2" />
      </span>
    </label>
  );
}

/** `-price` → `desc_price`: the catalog's key of each order. */
type SortKey = { [O in Ordering]: O extends `-${infer B}` ? `desc_${B}` : O }[Ordering];
