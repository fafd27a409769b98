import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { buttonClass } from '#app/components/ui/button.tsx';
import { DialogCloseButton, useCloseWhenWide } from '#app/components/ui/dialog.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { formatPhone, telHref } from '#core/phone.ts';
import type { HeaderMenu } from '#server/modules/content/menus.ts';
import type { PublicSettings } from '#server/modules/content/settings.ts';
import { contactDialogOpener } from './contact-opener.tsx';
import { PhraseForm } from '#app/components/search/phrase-form.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { MenuLink, MenuList, purchaseLinks } from './nav-link.tsx';

/** The header's menu below the xl breakpoint, a modal `<dialog>` (`id`: the header's button opens it). */
export function MobileMenu({ id, menu, settings }: { id: string; menu: HeaderMenu | null; settings: PublicSettings | null }) {
  const t = useT();
  const location = useLocation();
  const ref = useRef<HTMLDialogElement>(null);
  // A link inside navigates client-side: close the menu when the page changes — not on hydration, which
  // would close a menu opened before the scripts arrived (its button opens it without JavaScript).
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    if (ref.current?.open) ref.current.close();
  }, [location.key]);
  // From xl the menu is in the header: a menu left open while the window widens closes.
  useCloseWhenWide(ref, '(width >= 80rem)');
  const phone = settings?.phones[0]?.number;
  const purchasing = purchaseLinks(menu);
  const link = 'menu-link';
  const sublink = 'menu-sublink';
  // A modal <dialog>: focus moves in, the page behind is inert and still, Esc or a tap outside closes it and
  // focus returns to the menu button.
  return (
    <dialog ref={ref} id={id} aria-label={t('nav.mainMenu')} {...{ closedby: 'any' }} className="menu-panel">
      <div className="panel-head">
        <LanguageSwitcher landmark={false} />
        <DialogCloseButton dialogId={id} label={t('nav.closeMenu')} />
      </div>
      <PhraseForm tone="light" className="px-4 pt-4" />
      <nav aria-label={t('nav.mainMenu')} className="px-3 py-4">
        <ul className="space-y-1">
          {menu?.menu_header.elements.map((item) => (
            <li key={item.id}>
              <MenuLink url={item.url} className={link}>
                {item.title}
              </MenuLink>
              {item.children.length ? (
                <MenuList
                  items={item.children}
                  label={t('nav.submenu', { title: item.title })}
                  className="mb-2 ml-3 border-l border-line pl-2"
                  linkClassName={sublink}
                />
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
      {purchasing.length ? (
        <nav aria-label={t('nav.purchasing')} className="mx-3 rounded-2xl bg-paper p-3">
          <p className="menu-heading">{t('nav.purchasing')}</p>
          <MenuList items={purchasing} linkClassName={sublink} />
        </nav>
      ) : null}
      <div className="space-y-3 px-6 py-6">
        {phone ? (
          <a href={telHref(phone)} className="flex items-center gap-2 text-lg font-bold">
            <Icon name="phone" />
            {formatPhone(phone)}
          </a>
        ) : null}
        <button {...contactDialogOpener()} className={buttonClass('primary', 'lg', 'w-full')}>
          {t('header.contact')}
        </button>
      </div>
    </dialog>
  );
}
