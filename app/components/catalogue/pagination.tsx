import { Link } from 'react-router';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';

/** Page numbers around the current one, with the first and last always reachable: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(current: number, total: number, around = 1): (number | 'gap')[] {
  const pages = new Set([1, total]);
  for (let page = current - around; page <= current + around; page++) if (page >= 1 && page <= total) pages.add(page);
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) result.push('gap');
    result.push(page);
  });
  return result;
}

/** Plain links, so every page of results can be opened, shared and crawled. */
export function Pagination({ count, limit, offset, href }: { count: number; limit: number; offset: number; href: (offset: number) => string }) {
  const t = useT();
  const total = Math.max(1, Math.ceil(count / limit));
  const current = Math.min(total, Math.floor(offset / limit) + 1);
  if (total <= 1) return null;
  const item = 'page-link';
  const to = (page: number) => href((page - 1) * limit);
  return (
    <nav aria-label={t('catalogue.pagination.label')} className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {current > 1 ? (
            <Link to={to(current - 1)} rel="prev" className={`${item} hover:bg-brand-50`} aria-label={t('catalogue.pagination.previous')}>
              <Icon name="chevron-right" className="size-5 rotate-180" />
            </Link>
          ) : (
            <span className={`${item} text-muted/50`} aria-hidden="true">
              <Icon name="chevron-right" className="size-5 rotate-180" />
            </span>
          )}
        </li>
        {pageWindow(current, total).map((page, index) =>
          page === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={page}>
              {page === current ? (
                <span aria-current="page" className={`${item} bg-brand-700 text-white`}>
                  <span className="sr-only">{t('catalogue.pagination.page')} </span>
                  {page}
                </span>
              ) : (
                <Link to={to(page)} className={`${item} hover:bg-brand-50`}>
                  <span className="sr-only">{t('catalogue.pagination.page')} </span>
                  {page}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {current < total ? (
            <Link to={to(current + 1)} rel="next" className={`${item} hover:bg-brand-50`} aria-label={t('catalogue.pagination.next')}>
              <Icon name="chevron-right" className="size-5" />
            </Link>
          ) : (
            <span className={`${item} text-muted/50`} aria-hidden="true">
              <Icon name="chevron-right" className="size-5" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
