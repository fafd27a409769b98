import { Indicators } from '#app/components/catalogue/indicators.tsx';
import { useT } from '#app/lib/i18n.tsx';

/** The developer's key figures (spec §1): four shown, the others open below them, with no script. */
export function HomeIndicators({ items }: { items: { value: string; label: string }[] }) {
  const t = useT();
  return (
    <section aria-labelledby="indicators-title" className="container-page py-14 sm:py-20">
      <h2 id="indicators-title" className="mb-3 text-3xl font-extrabold tracking-tight sm:text-4xl">
        {t('home.indicatorsTitle')}
      </h2>
      <Indicators items={items} visible={4} more={t('home.showMore')} less={t('home.showLess')} />
    </section>
  );
}
