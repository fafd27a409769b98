import { Link } from 'react-router';
import { useT } from '#app/lib/i18n.tsx';

export const LOT_LAYOUTS = ['grid', 'list'] as const;
export type LotLayout = (typeof LOT_LAYOUTS)[number];

/**
 * `?layout=list|grid`: how the results are laid out, a presentation choice kept in the URL beside the filter, so a
 * shared link looks the same. Its own name: `view` is the filter's item (what the windows look at, issue #41).
 */
export const LAYOUT_PARAM = 'layout';

export function readLotLayout(params: URLSearchParams): LotLayout {
  return params.get(LAYOUT_PARAM) === 'list' ? 'list' : 'grid';
}

/** The layout as the address carries it: the grid is the default and stays out. */
export function layoutQuery(layout: LotLayout): Record<string, string | undefined> {
  return { [LAYOUT_PARAM]: layout === 'grid' ? undefined : layout };
}

/**
 * The layout's values an address from before issue #41 carries in `view` (`?view=list`), which now names the
 * filter's view tags; none of the tags is `list` or `grid`, so such a value can only mean the layout.
 */
export function legacyLayout(params: URLSearchParams): { layout: LotLayout; views: string[] } | null {
  const values = params.getAll('view').flatMap((value) => value.split(','));
  const layout = values.find((value): value is LotLayout => (LOT_LAYOUTS as readonly string[]).includes(value));
  if (!layout) return null;
  return { layout, views: values.filter((value) => value !== 'grid' && value !== 'list' && value.trim() !== '') };
}

export function LayoutToggle({ layout, href }: { layout: LotLayout; href: (layout: LotLayout) => string }) {
  const t = useT();
  const icons: Record<LotLayout, string> = {
    grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
    list: 'M4 6h16M4 12h16M4 18h16',
  };
  return (
    <div role="group" aria-label={t('catalogue.view.label')} className="inline-flex rounded-full bg-white p-1 ring-1 ring-line">
      {LOT_LAYOUTS.map((option) => (
        <Link key={option} to={href(option)} preventScrollReset replace aria-current={option === layout ? 'true' : undefined} className="toggle-link">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
            <path d={icons[option]} />
          </svg>
          <span className="max-sm:sr-only">{t(`catalogue.view.${option}`)}</span>
        </Link>
      ))}
    </div>
  );
}
