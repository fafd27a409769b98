import { Indicators } from '#app/components/catalogue/indicators.tsx';
import { useT } from '#app/lib/i18n.tsx';

/** The developer's key figures (spec §1): four shown, the others open below them, with no script. */
export function HomeIndicators({ items }: { items: { value: string; label: string }[] }) {
  const t = useT();
  return (
    <section aria-labelledby="indicators-title" className="home-section">
      <h2 id="indicators-title" className="section-title mb-3">
        {t('home.indicatorsTitle')}
      </h2>
      <Indicators items={items} visible={4} more={t('home.showMore')} less={t('home.showLess')} />
    </section>
  );
}
