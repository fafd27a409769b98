import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useLocalePath } from '#app/lib/i18n.tsx';

/**
 * A menu link: site paths go through the router in the current locale and mark the exact active page
 * (`aria-current="page"`, spec §2 "exact active link is marked"); other URLs are plain external links.
 */
export function MenuLink({ url, className, children }: { url: string; className: string; children: ReactNode }) {
  const lp = useLocalePath();
  if (!url.startsWith('/')) {
    return (
      <a href={url} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return (
    <NavLink to={lp(url)} end className={className}>
      {children}
    </NavLink>
  );
}
