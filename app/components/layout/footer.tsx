import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { LOCALE_ENTRIES } from '#core/i18n/locales.ts';
import { useLocale, useLocalePath, useT, type MessageKey } from '#app/lib/i18n.tsx';
import type { LandingLink } from '#server/modules/content/landings.ts';
import { formatPhone, telHref } from '#core/phone.ts';
import type { MenuElement } from '#server/modules/content/menus.ts';
import type { PublicSettings } from '#server/modules/content/settings.ts';
import { SearchForm } from '#app/components/search/search-form.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { CurrencySwitch } from '#app/components/currency/currency-switch.tsx';
import { Logo } from './logo.tsx';
import { MenuList } from './nav-link.tsx';

/** The documents every page must link to (spec §1); they are fixed here, not left to the editable menu. */
export const LEGAL_LINKS: { url: string; label: MessageKey }[] = [
  { url: '/disclosure', label: 'footer.disclosure' },
  { url: '/legal', label: 'footer.legal' },
  { url: '/privacy', label: 'footer.privacy' },
  { url: '/data-recipients', label: 'footer.dataRecipients' },
];

/** Every link of the footer's lists looks the same; the page the visitor is on is marked. */
const FOOTER_LINK = 'footer-link';

const LEGAL_URLS = new Set(LEGAL_LINKS.map((link) => link.url));

/** The pages for agents and partners, with their booking forms: fixed here, like the documents, so every form stays within reach. */
export const COOPERATION_LINKS: { url: string; label: MessageKey }[] = [
  { url: '/agents', label: 'cooperation.agents' },
  { url: '/partners', label: 'cooperation.partners' },
];

const SOCIAL_ICONS: Record<string, IconName> = { telegram: 'telegram', vk: 'vk', youtube: 'youtube', wechat: 'wechat', dzen: 'dzen' };
const SOCIAL_NAMES: Record<string, string> = { telegram: 'Telegram', vk: 'VK', youtube: 'YouTube', wechat: 'WeChat', dzen: 'Dzen' };

export function Footer({
  menu,
  settings,
  landings = [],
}: {
  menu: { elements: MenuElement[] } | null;
  settings: PublicSettings | null;
  /** The landings for foreign buyers: in the page's language, else in English (then said so, and marked as English). */
  landings?: LandingLink[];
}) {
  const t = useT();
  const locale = useLocale();
  const lp = useLocalePath();
  const company = settings?.companyName ?? t('meta.siteName');
  // Groups of the editable footer menu, without the legal documents the bottom row always shows.
  const groups = (menu?.elements ?? [])
    .map((group) => ({ ...group, children: group.children.filter((child) => !LEGAL_URLS.has(child.url)) }))
    .filter((group) => group.children.length > 0);

  return (
    <footer className="mt-auto bg-brand-900 text-brand-100">
      <div className="footer-grid">
        <div className="space-y-5">
          <Logo company={company} inverse />
          <SearchForm tone="dark" landmark />
          {settings ? (
            <div className="space-y-2 text-sm">
              {settings.phones.map((phone) => (
                <p key={phone.number}>
                  <span className="block text-brand-200">{phone.label}</span>
                  <a href={telHref(phone.number)} className="footer-phone">
                    {formatPhone(phone.number)}
                  </a>
                </p>
              ))}
              <p>
                <a href={`mailto:${settings.email}`} className="text-white hover:underline">
                  {settings.email}
                </a>
              </p>
              <p className="text-brand-200">{settings.address}</p>
            </div>
          ) : null}
          {landings.length ? (
            <ul className="space-y-1">
              {landings.map((landing) => {
                const foreign = landing.locale !== locale;
                return (
                  <li key={`${landing.slug}-${landing.locale}`}>
                    <a
                      href={lp(landing.url, landing.locale)}
                      hrefLang={foreign ? landing.locale : undefined}
                      className={`${FOOTER_LINK} gap-2 font-semibold text-white`}
                    >
                      <Icon name="globe" className="size-5" />
                      {foreign ? t('landings.linkForeign', { language: LOCALE_ENTRIES[landing.locale].name }) : t('landings.link')}
                    </a>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
        {groups.map((group) => (
          <nav key={group.id} aria-labelledby={`footer-group-${group.id}`}>
            <h2 id={`footer-group-${group.id}`} className="footer-heading">
              {group.title}
            </h2>
            <MenuList items={group.children} className="mt-4 space-y-1" linkClassName={FOOTER_LINK} />
          </nav>
        ))}
        <nav aria-labelledby="footer-cooperation">
          <h2 id="footer-cooperation" className="footer-heading">
            {t('cooperation.title')}
          </h2>
          <MenuList
            items={COOPERATION_LINKS.map((link) => ({ id: link.url, url: link.url, title: t(link.label) }))}
            className="mt-4 space-y-1"
            linkClassName={FOOTER_LINK}
          />
        </nav>
        <nav aria-labelledby="footer-documents">
          <h2 id="footer-documents" className="footer-heading">
            {t('footer.documents')}
          </h2>
          <MenuList
            items={LEGAL_LINKS.map((link) => ({ id: link.url, url: link.url, title: t(link.label) }))}
            className="mt-4 space-y-1"
            linkClassName={FOOTER_LINK}
          />
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="footer-bottom">
          <div className="space-y-1">
            <p>{t('footer.copyright', { year: new Date().getFullYear(), company: settings?.legalName ?? company })}</p>
            <p className="max-w-2xl text-xs text-brand-300">{t('footer.notOffer')}</p>
          </div>
          <div className="flex flex-wrap items-center gap-4">
            {locale === 'ru' && settings ? (
              <p className="flex items-center gap-2">
                <span>{t('footer.app')}:</span>
                <a className="text-white hover:underline" href={settings.appStoreUrl} target="_blank" rel="noopener noreferrer">
                  {t('footer.appStore')}
                </a>
                <a className="text-white hover:underline" href={settings.googlePlayUrl} target="_blank" rel="noopener noreferrer">
                  {t('footer.googlePlay')}
                </a>
              </p>
            ) : null}
            {settings?.socials.length ? (
              <ul className="flex items-center gap-1" aria-label={t('footer.socials')}>
                {settings.socials.map((social) => (
                  <li key={social.network}>
                    <a
                      href={social.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={SOCIAL_NAMES[social.network] ?? social.network}
                      className="footer-social"
                    >
                      <Icon name={SOCIAL_ICONS[social.network] ?? 'external'} />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <LanguageSwitcher tone="dark" landmark={false} />
            <CurrencySwitch />
          </div>
        </div>
      </div>
    </footer>
  );
}
