import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';

type Indicator = { value: string; label: string };

/**
 * The key-indicators block that expands and collapses (spec §1; the home page's and a project's): the first few always shown, the rest in a
 * <details>, which opens and closes with no script and announces its state.
 */
export function Indicators({
  items,
  visible = 4,
  more,
  less,
}: {
  items: Indicator[];
  visible?: number;
  /** The summary's two states; a project's own words («Ещё 2 показателя») by default. */
  more?: string;
  less?: string;
}) {
  const t = useT();
  const rest = items.slice(visible);
  return (
    <div>
      <IndicatorGrid items={items.slice(0, visible)} />
      {rest.length ? (
        <details className="group mt-3">
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full px-4 font-semibold text-brand-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">{more ?? t('catalogue.project.indicatorsMore', { count: rest.length })}</span>
            <span className="hidden group-open:inline">{less ?? t('catalogue.project.indicatorsLess')}</span>
            <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <IndicatorGrid items={rest} />
        </details>
      ) : null}
    </div>
  );
}

function IndicatorGrid({ items }: { items: Indicator[] }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="indicator">
          <dt className="indicator-label">{item.label}</dt>
          <dd className="indicator-value">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
