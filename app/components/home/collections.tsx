import { Link } from 'react-router';
import type { CollectionSummary } from '#core/content/collections.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

/** The curated collections with their live counts: a buyer's shortcuts into the catalogue. */
export function HomeCollections({ items }: { items: CollectionSummary[] }) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  if (!items.length) return null;
  return (
    <section aria-labelledby="collections-title" className="home-section">
      <h2 id="collections-title" className="section-title">
        {t('collections.homeTitle')}
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-muted">{t('collections.homeLead')}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {items.map((item) => (
          <li key={item.slug}>
            <Link to={lp(item.url)} className="group collection">
              <h3 className="collection-title">{item.title}</h3>
              <p className="collection-text">{item.description}</p>
              <p className="collection-count">{t('collections.count', { count: format.number(item.count) })}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
