import { Link } from 'react-router';
import { breadcrumbList, JsonLd, useAbsoluteUrl } from '#app/components/seo/json-ld.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

export type Crumb = { label: string; to?: string };

/** Breadcrumbs, also as schema.org data for search results; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT();
  const lp = useLocalePath();
  const absolute = useAbsoluteUrl();
  const all: Crumb[] = [{ label: t('nav.home'), to: '/' }, ...items];
  return (
    <nav aria-label={t('nav.breadcrumbs')} className="text-sm text-muted">
      <JsonLd data={breadcrumbList(all.map((crumb) => ({ label: crumb.label, url: crumb.to ? absolute(crumb.to) : undefined })))} />
      <ol className="flex flex-wrap items-center gap-1">
        {all.map((crumb, index) => {
          const last = index === all.length - 1;
          return (
            <li key={index} className="flex items-center gap-1">
              {index > 0 ? <Icon name="chevron-right" className="size-3.5 text-muted/70" /> : null}
              {crumb.to && !last ? (
                <Link to={lp(crumb.to)} className="rounded hover:text-ink hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'text-ink' : undefined}>
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
