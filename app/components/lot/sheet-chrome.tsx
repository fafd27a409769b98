import { Link, useLocation } from 'react-router';
import { buttonClass } from '#app/components/ui/button.tsx';
import { dialogOpener } from '#app/components/ui/dialog.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { useRootData } from '#app/lib/root-data.ts';
import { formatPhone, telHref } from '#core/phone.ts';
import { LOT_REQUEST_DIALOG_ID } from './offer.tsx';

/**
 * Below lg the side panel with the request button scrolls away: a bar fixed to the bottom of the screen keeps the
 * call and the request (the same form as the panel's button) in reach. It is in the server's HTML from the start
 * (nothing shifts), the page's end is kept clear of it (app.css, data-bottom-bar), and from lg the panel is sticky.
 * While the cookie notice is shown the bar sits above it (--bottom-inset, components/layout/analytics.tsx).
 */
export function PhoneActionBar({ label, reserve }: { label: string; reserve?: { url: string; label: string } | undefined }) {
  const t = useT();
  const root = useRootData();
  const phone = root?.settings?.phones[0]?.number;
  return (
    <div
      data-bottom-bar=""
      className="fixed inset-x-0 bottom-0 z-30 translate-y-[calc(-1*var(--bottom-inset,0px))] border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden print:hidden"
    >
      <div className="container-page flex items-center gap-3 py-3">
        {phone ? (
          <a
            href={telHref(phone)}
            aria-label={t('header.callUs', { phone: formatPhone(phone) })}
            title={formatPhone(phone)}
            className="inline-flex size-13 shrink-0 items-center justify-center rounded-full border border-brand-700 text-brand-800 hover:bg-brand-50 active:bg-brand-100"
          >
            <Icon name="phone" className="size-5" />
          </a>
        ) : null}
        {reserve ? (
          // Online reservation (issue #39), beside the request when the server offers it for this lot.
          <Link
            to={reserve.url}
            aria-label={reserve.label}
            title={reserve.label}
            className="inline-flex size-13 shrink-0 items-center justify-center rounded-full border border-brand-700 text-brand-800 hover:bg-brand-50 active:bg-brand-100"
          >
            <Icon name="key" className="size-5" />
          </Link>
        ) : null}
        <button {...dialogOpener(LOT_REQUEST_DIALOG_ID)} className={buttonClass('primary', 'lg', 'min-w-0 flex-1')}>
          {label}
        </button>
      </div>
    </div>
  );
}

/** The printed sheet says whose it is and how to reach the sales office: the site's header is not printed. */
export function PrintHeader() {
  const root = useRootData();
  const location = useLocation();
  const settings = root?.settings;
  if (!settings) return null;
  const phone = settings.phones[0]?.number ?? settings.supportPhone;
  return (
    <div className="container-page hidden items-baseline justify-between border-b border-line pt-4 pb-3 text-sm print:flex">
      <span className="text-lg font-bold">{settings.companyName}</span>
      <span>
        {formatPhone(phone)} · {settings.email} · {(root?.siteOrigin ?? '') + location.pathname}
      </span>
    </div>
  );
}
