import { Link } from 'react-router';
import { useT } from '#app/lib/i18n.tsx';

export const LOT_VIEWS = ['grid', 'list'] as const;
export type LotView = (typeof LOT_VIEWS)[number];

/** `?view=list|grid`: a presentation choice kept in the URL beside the filter, so a shared link looks the same. */
export function readLotView(params: URLSearchParams): LotView {
  return params.get('view') === 'list' ? 'list' : 'grid';
}

export function ViewToggle({ view, href }: { view: LotView; href: (view: LotView) => string }) {
  const t = useT();
  const icons: Record<LotView, string> = {
    grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
    list: 'M4 6h16M4 12h16M4 18h16',
  };
  return (
    <div role="group" aria-label={t('catalogue.view.label')} className="inline-flex rounded-full bg-white p-1 ring-1 ring-line">
      {LOT_VIEWS.map((option) => (
        <Link
          key={option}
          to={href(option)}
          preventScrollReset
          replace
          aria-current={option === view ? 'true' : undefined}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-muted transition-colors hover:text-ink aria-[current=true]:bg-brand-700 aria-[current=true]:text-white"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
            <path d={icons[option]} />
          </svg>
          <span className="max-sm:sr-only">{t(`catalogue.view.${option}`)}</span>
        </Link>
      ))}
    </div>
  );
}
