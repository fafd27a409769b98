import { Link } from 'react-router';
import type { PublicationCard as PublicationCardData } from '#core/content/publications.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { useFormatters, useLocalePath, useT } from '#app/lib/i18n.tsx';

/**
 * A promotion, news item or press mention in a list: picture, highlight, date (or the offer's last day),
 * title and lead. The whole card is one link; a press item opens the outlet's article in a new tab.
 */
export function PublicationCard({ item, priority = false, headingLevel = 2 }: { item: PublicationCardData; priority?: boolean; headingLevel?: 2 | 3 }) {
  const t = useT();
  const lp = useLocalePath();
  const format = useFormatters();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const stretched = 'card-link';
  const when =
    item.kind === 'promo' && item.endsAt ? (
      <time dateTime={item.endsAt}>{item.ended ? t('promo.ended') : t('promo.until', { date: format.date(item.endsAt) })}</time>
    ) : (
      <time dateTime={item.publishedAt}>{format.date(item.publishedAt)}</time>
    );
  return (
    <article className="group card overflow-hidden">
      <div className="relative">
        <Image picture={item.image} usage="card" alt="" priority={priority} className="card-img" />
        {item.badge ? <span className="card-badge bg-accent-800 text-sm text-white">{item.badge}</span> : null}
      </div>
      <div className="card-body">
        <p className="pub-meta">
          {when}
          {item.source ? <span>{item.source.name}</span> : item.project ? <span>{item.project.name}</span> : null}
        </p>
        <Heading className="pub-title">
          {item.source ? (
            <a href={item.source.url} target="_blank" rel="noopener noreferrer" className={`inline-flex items-start gap-1.5 ${stretched}`}>
              {item.title}
              <Icon name="external" className="mt-1 size-4 shrink-0 text-muted" />
              <span className="sr-only"> ({t('publications.newTab')})</span>
            </a>
          ) : (
            <Link to={lp(item.url)} className={stretched}>
              {item.title}
            </Link>
          )}
        </Heading>
        <p className="mt-2 text-muted">{item.lead}</p>
      </div>
    </article>
  );
}
