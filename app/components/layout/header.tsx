import { Link } from 'react-router';
import { buttonClass } from '#app/components/ui/button.tsx';
import { dialogOpener } from '#app/components/ui/dialog.tsx';
import { deferredPart } from '#app/lib/deferred.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { useSelection } from '#app/lib/selection-store.ts';
import { formatPhone, telHref } from '#core/phone.ts';
import type { HeaderMenu, MenuElement } from '#server/modules/content/menus.ts';
import type { PublicSettings } from '#server/modules/content/settings.ts';
import { contactDialogOpener } from './contact-opener.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import { PhraseForm } from '#app/components/search/phrase-form.tsx';
import { MenuLink, MenuList, purchaseLinks } from './nav-link.tsx';

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The menu on phones and tablets (./mobile-menu.tsx): its HTML is in the page (its button opens it without
 * JavaScript), its code loads when a pointer comes over the button, it is touched or focused (ADR 027).
 */
const mobileMenu = deferredPart<{ id: string; menu: HeaderMenu | null; settings: PublicSettings | null }>(() =>
  import('./mobile-menu.tsx').then((m) => m.MobileMenu),
);

const navLinkClass = 'nav-link';

function DesktopItem({ item }: { item: MenuElement }) {
  const t = useT();
  if (!item.children.length) {
    return (
      <li>
        <MenuLink url={item.url} className={navLinkClass}>
          {item.title}
        </MenuLink>
      </li>
    );
  }
  // The submenu opens on hover and on keyboard focus (focus-within), with no script needed.
  return (
    <li className="group relative">
      <MenuLink url={item.url} className={navLinkClass}>
        {item.title}
        <Icon name="chevron-down" className="submenu-chevron" />
      </MenuLink>
      <div className="submenu">
        <MenuList items={item.children} label={t('nav.submenu', { title: item.title })} className="submenu-list" linkClassName="nav-sublink" />
      </div>
    </li>
  );
}

/** The visitor's saved lots: a heart with their number, to the comparison page. */
function FavouritesLink() {
  const t = useT();
  const lp = useLocalePath();
  const { ids } = useSelection();
  const count = ids.length;
  return (
    <Link
      to={lp('/selection')}
      aria-label={count ? t('header.favouritesCount', { count }) : t('header.favourites')}
      className="header-icon relative aria-[current=page]:bg-brand-50"
    >
      <Icon name="heart" className="size-6" />
      {/* Filled in after hydration (the server renders none): placed over the fixed-size link, so nothing moves. */}
      {count ? (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs leading-5 font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

export function Header({ menu, settings }: { menu: HeaderMenu | null; settings: PublicSettings | null }) {
  const t = useT();
  const phone = settings?.phones[0]?.number;
  const company = settings?.companyName ?? t('meta.siteName');
  const purchasing = purchaseLinks(menu);
  return (
    <>
      <div className="hidden bg-brand-900 text-brand-100 lg:block">
        <div className="container-page flex min-h-11 items-center justify-between gap-6">
          <nav aria-label={t('nav.purchasing')}>
            <MenuList items={purchasing} className="flex flex-wrap items-center gap-x-5 text-sm" linkClassName="bar-link" />
          </nav>
          <PhraseForm tone="dark" className="ml-auto w-full max-w-xs" />
          <LanguageSwitcher tone="dark" />
        </div>
      </div>
      <header className="site-header">
        <div className="container-page flex min-h-16 items-center gap-4 lg:min-h-20">
          <Logo company={company} compact />
          <nav aria-label={t('nav.mainMenu')} className="hidden min-w-0 flex-1 justify-center xl:flex">
            <ul className="flex items-center gap-0.5">
              {menu?.menu_header.elements.map((item) => (
                <DesktopItem key={item.id} item={item} />
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2 xl:ml-0">
            {phone ? (
              <a href={telHref(phone)} aria-label={t('header.callUs', { phone: formatPhone(phone) })} title={formatPhone(phone)} className="header-phone">
                <Icon name="phone" className="size-5 md:hidden xl:block" />
                <span className="hidden md:inline xl:hidden">{formatPhone(phone)}</span>
              </a>
            ) : null}
            <FavouritesLink />
            <button {...contactDialogOpener()} className={buttonClass('primary', 'md', 'whitespace-nowrap max-sm:hidden')}>
              {t('header.contact')}
            </button>
            <button {...dialogOpener(MOBILE_MENU_ID, mobileMenu.load)} aria-label={t('nav.openMenu')} className="header-icon xl:hidden">
              <Icon name="menu" className="size-6" />
            </button>
          </div>
        </div>
        {/* Painted half-arrived (a slow line streams the page in pieces), the centred menu would take the whole
            row and then move when the actions on its right arrive. The browser holds the first paint until this
            mark is parsed (render-blocking `expect` link, hoisted into the head), so the header is painted whole. */}
        <span id="header-end" hidden />
        <link rel="expect" href="#header-end" blocking="render" />
      </header>
      <mobileMenu.Part id={MOBILE_MENU_ID} menu={menu} settings={settings} />
    </>
  );
}
