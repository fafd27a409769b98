import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { deferredPart } from '#app/lib/deferred.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { useRootData } from '#app/lib/root-data.ts';
import type { LandingLink } from '#server/modules/content/landings.ts';
import type { MenuElement } from '#server/modules/content/menus.ts';
import type { PublicSettings } from '#server/modules/content/settings.ts';
import { ContactDialogPart } from './contact-opener.tsx';
import { Header } from './header.tsx';

/**
 * The footer's code loads as it comes within a screen of the viewport (ADR 027); its HTML, links and all, is in the
 * page. `path`: the page it marks as current, so a move to another page brings its code at once.
 */
const footer = deferredPart<{ menu: { elements: MenuElement[] } | null; settings: PublicSettings | null; landings: LandingLink[]; path: string }>(
  () => import('./footer.tsx').then((m) => m.Footer),
  { near: true },
);

/** Header, main content, footer and the contact modal: the frame of every regular page and error page. */
export function SiteChrome({ children }: { children: ReactNode }) {
  const t = useT();
  const root = useRootData();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <Header menu={root?.header ?? null} settings={root?.settings ?? null} />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <footer.Part menu={root?.footer ?? null} settings={root?.settings ?? null} landings={root?.landings ?? []} path={pathname} />
      {root?.settings ? <ContactDialogPart settings={root.settings} /> : null}
    </div>
  );
}
