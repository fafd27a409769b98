import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';

type Indicator = { value: string; label: string };

/** The first four are shown; the others open below them. */
const VISIBLE_INDICATORS = 4;

/** The developer's key figures (spec §1), expanding and collapsing with no script. */
export function HomeIndicators({ items: indicators }: { items: Indicator[] }) {
  const t = useT();
  return (
    <section aria-labelledby="indicators-title" className="container-page py-14 sm:py-20">
      <h2 id="indicators-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {t('home.indicatorsTitle')}
      </h2>
      <IndicatorGrid items={indicators.slice(0, VISIBLE_INDICATORS)} />
      {indicators.length > VISIBLE_INDICATORS ? (
        // The key-indicators block expands and collapses (spec §1); <details> does it with no script.
        <details className="group mt-4">
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full px-4 font-semibold text-brand-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">{t('home.showMore')}</span>
            <span className="hidden group-open:inline">{t('home.showLess')}</span>
            <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <IndicatorGrid items={indicators.slice(VISIBLE_INDICATORS)} />
        </details>
      ) : null}
    </section>
  );
}

function IndicatorGrid({ items }: { items: { value: string; label: string }[] }) {
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="flex flex-col rounded-3xl bg-white p-6 ring-1 ring-line">
          <dt className="text-muted">{item.label}</dt>
          <dd className="order-first text-4xl font-extrabold tracking-tight text-brand-800">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
