import { Link } from 'react-router';
import type { PublicationCard as PublicationCardData } from '#core/content/publications.ts';
import { CardGrid } from '#app/components/catalogue/chip-filter.tsx';
import { PublicationCard } from '#app/components/content/publication-card.tsx';
import { SectionHeading } from '#app/components/layout/section-heading.tsx';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useFormatters, useLocalePath, useT } from '#app/lib/i18n.tsx';

/**
 * The latest news and, beside them, the spec's commercial block (spec §7 `/api/news/?limit=3&realty_types=commercial`,
 * §9 "main page commercial news limit 3"): the news about commercial premises, as a short list with its way to
 * all of them (the news list filtered by that kind).
 */
export function HomeNews({ news, commercial }: { news: PublicationCardData[]; commercial: PublicationCardData[] }) {
  const t = useT();
  if (!news.length && !commercial.length) return null;
  return (
    <section aria-labelledby="news-title" className="bg-white py-14 sm:py-20">
      <div className={`container-page grid gap-12 ${commercial.length ? 'xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]' : ''}`}>
        <div className="min-w-0">
          <SectionHeading id="news-title" title={t('news.title')} link={{ to: '/news', label: t('news.all') }} />
          <CardGrid items={news} render={(item) => <PublicationCard item={item} headingLevel={3} />} />
        </div>
        {commercial.length ? <CommercialNews items={commercial} /> : null}
      </div>
    </section>
  );
}

function CommercialNews({ items }: { items: PublicationCardData[] }) {
  const t = useT();
  const lp = useLocalePath();
  const format = useFormatters();
  return (
    <section aria-labelledby="commercial-news-title" className="flex min-w-0 flex-col rounded-3xl bg-paper p-6 ring-1 ring-line sm:p-8">
      <h2 id="commercial-news-title" className="text-2xl font-extrabold tracking-tight text-balance">
        {t('homeBlocks.commercial.title')}
      </h2>
      <ul className="mt-4 divide-y divide-line">
        {items.map((item) => (
          <li key={item.id} className="relative py-4">
            <time dateTime={item.publishedAt} className="text-sm text-muted">
              {format.date(item.publishedAt)}
            </time>
            <h3 className="mt-1 font-bold text-balance">
              <Link to={lp(item.url)} className="news-link">
                {item.title}
              </Link>
            </h3>
            <p className="mt-1 line-clamp-2 text-sm text-pretty text-muted">{item.lead}</p>
          </li>
        ))}
      </ul>
      <div className="mt-auto pt-4">
        <ButtonLink to={lp('/news?realty_types=commercial')} variant="secondary" size="md">
          {t('homeBlocks.commercial.all')}
          <Icon name="arrow-right" />
        </ButtonLink>
      </div>
    </section>
  );
}
