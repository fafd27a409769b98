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
    <section aria-labelledby="collections-title" className="container-page py-14 sm:py-20">
      <h2 id="collections-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
        {t('collections.homeTitle')}
      </h2>
      <p className="mt-3 max-w-2xl text-lg text-muted">{t('collections.homeLead')}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {items.map((item) => (
          <li key={item.slug}>
            <Link
              to={lp(item.url)}
              className="group flex h-full flex-col rounded-3xl bg-white p-6 ring-1 ring-line transition-shadow hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              <h3 className="text-xl font-bold tracking-tight group-hover:text-brand-700">{item.title}</h3>
              <p className="mt-2 flex-1 text-pretty text-muted">{item.description}</p>
              <p className="mt-5 font-semibold text-brand-700 tabular-nums">{t('collections.count', { count: format.number(item.count) })}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
