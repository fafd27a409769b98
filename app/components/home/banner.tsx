import { contactDialogOpener } from '#app/components/layout/contact-opener.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Link } from 'react-router';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useRootData } from '#app/lib/root-data.ts';

type Banner = { title: string; description: string };

/**
 * The closing banner, which exists in some languages only (spec §1): English-speaking managers for foreign
 * buyers (en, zh) while the settings list English among the sales team's languages, the residents' app (ru).
 */
export function HomeBanner({
  app,
  englishManagers,
  landing = null,
}: {
  app: Banner | null;
  englishManagers: Banner | null;
  /** The landing for foreign buyers in the page's language, if there is one. */
  landing?: { url: string } | null;
}) {
  const t = useT();
  const lp = useLocalePath();
  const settings = useRootData()?.settings;
  // A promise of English-speaking managers only while the sales team speaks English (the site settings).
  const managers = settings?.salesLanguages.includes('en') ? englishManagers : null;
  const banner = managers ?? app;
  if (!banner) return null;
  return (
    <section aria-labelledby="banner-title" className="container-page pb-16 sm:pb-24">
      <div className="flex flex-col gap-6 rounded-3xl bg-sand p-8 sm:p-12 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="banner-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            {banner.title}
          </h2>
          <p className="mt-3 text-lg text-muted">{banner.description}</p>
        </div>
        {managers ? (
          <div className="flex shrink-0 flex-wrap gap-3">
            <button {...contactDialogOpener()} className={buttonClass('primary', 'lg')}>
              {t('header.contact')}
            </button>
            {landing ? (
              <Link to={lp(landing.url)} className={buttonClass('secondary', 'lg')}>
                {t('landings.read')}
              </Link>
            ) : null}
          </div>
        ) : settings ? (
          <div className="flex shrink-0 flex-wrap gap-3">
            <a href={settings.appStoreUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'lg')}>
              {t('footer.appStore')}
            </a>
            <a href={settings.googlePlayUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'lg')}>
              {t('footer.googlePlay')}
            </a>
          </div>
        ) : null}
      </div>
    </section>
  );
}
