import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { mayEnter, type AdminLocale, type StaffRole } from '#core/admin/roles.ts';
import { COOKIES, writeDocumentCookie } from '#core/http/cookies.ts';
import { AdminI18nProvider, useAdminT } from '#app/lib/admin-i18n.tsx';
import type { AdminMessages } from '#core/i18n/catalogs/admin/ru.ts';
import { useApi } from '#app/lib/api.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ADMIN_NAV } from './nav.ts';

export type ShellMember = { email: string; name: string; role: StaffRole };

/** The back office's frame: its own header and navigation (none of the public site's), then the page. */
export function AdminShell({
  staff,
  locale,
  messages,
  children,
}: {
  staff: ShellMember | null;
  locale: AdminLocale;
  messages: AdminMessages;
  children: ReactNode;
}) {
  return (
    <AdminI18nProvider value={{ locale, messages }}>
      <div className="flex min-h-dvh flex-col bg-paper text-ink">
        <AdminHeader staff={staff} />
        <main id="admin-main" className="container-page flex-1 py-8">
          <NoScript />
          {children}
        </main>
      </div>
    </AdminI18nProvider>
  );
}

/** Switches the back office's language (its own cookie) and shows the page again in it. */
export function LanguageSwitch() {
  const t = useAdminT();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={t('nav.switchLabel')}
      onClick={() => {
        const next = t('nav.switchTo') === 'English' ? 'en' : 'ru';
        writeDocumentCookie(COOKIES.adminLocale, next);
        window.location.reload();
      }}
    >
      {t('nav.switchTo')}
    </Button>
  );
}

function AdminHeader({ staff }: { staff: ShellMember | null }) {
  const t = useAdminT();
  const api = useApi();
  const navigate = useNavigate();
  return (
    <header className="border-b border-line bg-white">
      <a href="#admin-main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t('nav.skip')}
      </a>
      {/* One line from 1280 px in both languages, in the widest system face a member may have (DejaVu Sans, ADR 044):
          the brand and the member each stacked in two short lines, the links close together. Narrower windows put the
          links on lines of their own under the rest (never sideways). */}
      <div className="container-page flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
        <p className="mr-auto leading-tight font-bold xl:mr-0">
          {t('meta.brand')}
          <span className="sr-only"> · </span>
          <span className="block text-xs font-normal text-muted">{t('meta.section')}</span>
        </p>
        {staff ? (
          <nav aria-label={t('nav.label')} className="order-last w-full xl:order-none xl:w-auto xl:min-w-0 xl:flex-1">
            <ul className="flex flex-wrap gap-0.5">
              {ADMIN_NAV.filter((item) => item.area === 'any' || mayEnter(staff.role, item.area)).map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === '/admin'}
                    className={({ isActive }) =>
                      `block rounded-full px-1.5 py-1.5 text-[0.8125rem] whitespace-nowrap ${isActive ? 'bg-brand-700 text-white' : 'text-brand-800 hover:bg-brand-50'}`
                    }
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : (
          <div className="flex-1" />
        )}
        <LanguageSwitch />
        {staff ? (
          <>
            <p className="max-w-56 min-w-0 text-xs leading-tight text-muted">
              {/* The member's own page (their password, two-factor sign-in) is their address, as on most sites. */}
              <NavLink
                to="/admin/account"
                aria-label={`${t('nav.account')}: ${staff.email}`}
                className={({ isActive }) => `block truncate underline-offset-2 hover:underline ${isActive ? 'font-semibold text-brand-800 underline' : ''}`}
                title={staff.email}
              >
                {staff.email}
              </NavLink>
              <span className="sr-only"> · </span>
              <span className="block">{t(`roles.${staff.role}`)}</span>
            </p>
            <Button
              variant="secondary"
              size="sm"
              onClick={async () => {
                await api('/api/admin/auth/sign-out/', { method: 'POST' }).catch(() => null);
                await navigate('/admin/login');
              }}
            >
              {t('nav.signOut')}
            </Button>
          </>
        ) : null}
      </div>
    </header>
  );
}

/** A back-office page's heading and its document title. */
export function AdminTitle({ children }: { children: string }) {
  const t = useAdminT();
  return (
    <>
      <title>{t('meta.title', { page: children })}</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{children}</h1>
    </>
  );
}

/**
 * A back-office table that scrolls inside itself on a narrow screen. `relative` makes the scroller the containing block
 * of the table's visually hidden text (`sr-only` is absolutely placed): without it that text is placed against the page
 * and widens it at 375 px.
 */
export function TableScroll({ className = '', children }: { className?: string; children: ReactNode }) {
  return <div className={`relative overflow-x-auto ${className}`.trim()}>{children}</div>;
}

/** The message of a failed call, in the member's language: the field's or a general one. */
export function Notice({ tone, children }: { tone: 'error' | 'ok'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`my-3 rounded-xl px-4 py-3 text-sm ${tone === 'error' ? 'bg-red-50 text-danger' : 'bg-brand-50 text-brand-900'}`}
    >
      {children}
    </p>
  );
}

/** The back office edits with JavaScript (ADR 026): without it, it says so instead of offering forms that cannot save. */
function NoScript() {
  const t = useAdminT();
  return (
    <noscript>
      <p role="alert" className="mb-6 rounded-2xl bg-accent-800 px-4 py-3 font-semibold text-white">
        {t('noscript')}
      </p>
    </noscript>
  );
}
