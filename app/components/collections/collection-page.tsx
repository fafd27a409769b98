import type { CollectionDetail } from '#core/content/collections.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { LotCard } from '#app/components/catalogue/lot-card.tsx';
import { PageHeader } from '#app/components/catalogue/page-header.tsx';
import { Pagination } from '#app/components/catalogue/pagination.tsx';
import { RequestButton } from '#app/components/catalogue/request-button.tsx';
import type { ReserveMark } from '#app/components/reservations/card-reserve.tsx';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

/**
 * A collection's page (`/{slug}`): its title, how many of its lots are on offer, its introduction and its lots as
 * the filter's cards, a page at a time (plain links), with the same lots one click away in the filter.
 */
export function CollectionPage({
  collection,
  limit,
  offset,
}: {
  /** Its lots with `reserve` where their page offers online reservation (the loader's `withReserveLinks`). */
  collection: CollectionDetail & { lots: { results: (CollectionDetail['lots']['results'][number] & ReserveMark)[] } };
  limit: number;
  offset: number;
}) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const { lots } = collection;
  return (
    <article className="pb-16 sm:pb-24">
      <PageHeader
        crumbs={[{ label: collection.title }]}
        title={collection.title}
        lead={collection.description}
        aside={
          collection.filterUrl ? (
            <ButtonLink to={lp(collection.filterUrl)} variant="secondary">
              <Icon name="search" className="size-5" />
              {t('collections.inFilter')}
            </ButtonLink>
          ) : null
        }
      />
      <div className="container-page">
        {collection.intro.length ? (
          <div className="mt-6 max-w-3xl space-y-3 text-lg leading-relaxed text-pretty text-ink/85">
            {collection.intro.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        ) : null}
        <section aria-labelledby="collection-lots" className="mt-10">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="collection-lots" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              {t('collections.lots')}
            </h2>
            <p className="text-muted tabular-nums" role="status">
              {t('collections.count', { count: format.number(lots.count) })}
            </p>
          </div>
          {lots.results.length ? (
            <>
              <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {lots.results.map((lot) => (
                  <li key={lot.id}>
                    <LotCard lot={lot} />
                  </li>
                ))}
              </ul>
              <div className="mt-10">
                <Pagination count={lots.count} limit={limit} offset={offset} href={(o) => lp(collection.url) + (o > 0 ? `?offset=${o}` : '')} />
              </div>
            </>
          ) : (
            <div className="mt-6 flex flex-col items-start gap-4 rounded-3xl bg-white p-8 ring-1 ring-line sm:flex-row sm:items-center sm:justify-between">
              <p className="max-w-2xl text-lg">{t('collections.empty')}</p>
              <RequestButton size="md">{t('catalogue.project.request')}</RequestButton>
            </div>
          )}
        </section>
      </div>
    </article>
  );
}
