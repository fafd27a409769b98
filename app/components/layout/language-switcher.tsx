import { Link, useLocation } from 'react-router';
import { LOCALES, LOCALE_ENTRIES } from '#core/i18n/locales.ts';
import { storeLocaleCookie, useLocale, useLocalePath, useT } from '#app/lib/i18n.tsx';

/**
 * Links to the same page in each language (params, query and hash kept). Clicking one stores the choice
 * in the cookie; the new locale's messages come with the navigation (the root loader revalidates on a
 * language change). Plain links, so crawlers and visitors without JavaScript switch too.
 */
export function LanguageSwitcher({ className = '', tone = 'light', landmark = true }: { className?: string; tone?: 'light' | 'dark'; landmark?: boolean }) {
  const t = useT();
  const current = useLocale();
  const lp = useLocalePath();
  const location = useLocation();
  // One language landmark per page; repeats (footer) are plain groups.
  const Wrapper = landmark ? 'nav' : 'div';
  return (
    <Wrapper aria-label={t('language.label')} className={className || undefined} {...(landmark ? {} : { role: 'group' })}>
      <ul className="flex items-center gap-1">
        {LOCALES.map((locale) => {
          const entry = LOCALE_ENTRIES[locale];
          const active = locale === current;
          return (
            <li key={locale}>
              <Link
                to={lp(location.pathname, locale) + location.search + location.hash}
                reloadDocument={false}
                hrefLang={entry.iso}
                lang={entry.iso}
                aria-current={active ? 'true' : undefined}
                // The name as the visible code and the language's own name ("zh 中文"), said, not drawn: drawn, even
                // visually hidden, the other scripts' names made every page load a font for them (a CJK face on a
                // Russian or English page: 50–60 ms of font look-ups with a 4× slower CPU; issue #40, ADR 044).
                aria-label={`${locale} ${entry.name}`}
                title={active ? t('language.current', { name: entry.name }) : t('language.switchTo', { name: entry.name })}
                onClick={() => storeLocaleCookie(locale)}
                className={`lang lang-${tone === 'dark' ? 'dark' : 'light'}${active ? '-on' : ''}`}
              >
                {locale}
              </Link>
            </li>
          );
        })}
      </ul>
    </Wrapper>
  );
}
