import type { ReactNode } from 'react';
import { useT } from '#app/lib/i18n.tsx';
import { useRootData } from '#app/lib/root-data.ts';
import { ContactDialog } from './contact-dialog.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

/** Header, main content, footer and the contact modal: the frame of every regular page and error page. */
export function SiteChrome({ children }: { children: ReactNode }) {
  const t = useT();
  const root = useRootData();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-brand-900 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </a>
      <Header menu={root?.header ?? null} settings={root?.settings ?? null} />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        {children}
      </main>
      <Footer menu={root?.footer ?? null} settings={root?.settings ?? null} landings={root?.landings ?? []} />
      {root?.settings ? <ContactDialog settings={root.settings} /> : null}
    </div>
  );
}
