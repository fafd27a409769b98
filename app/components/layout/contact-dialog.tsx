import { CallbackForm } from '#app/components/forms/callback-form.tsx';
import { Dialog } from '#app/components/ui/dialog.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { useT } from '#app/lib/i18n.tsx';
import { formatPhone, telHref, whatsappHref } from '#core/phone.ts';
import type { PublicSettings } from '#server/services/settings.ts';

export const CONTACT_DIALOG_ID = 'contact-dialog';

function Option({
  href,
  icon,
  title,
  hint,
  detail,
  external,
}: {
  href: string;
  icon: IconName;
  title: string;
  hint: string;
  detail: string;
  external?: boolean;
}) {
  return (
    <li>
      <a
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="group flex items-center gap-4 rounded-2xl border border-line p-4 transition-colors hover:border-brand-300 hover:bg-brand-50"
      >
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 group-hover:bg-white">
          <Icon name={icon} className="size-6" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{title}</span>
          <span className="block text-sm text-muted">{hint}</span>
          <span className="mt-0.5 block truncate text-sm font-medium text-brand-700">{detail}</span>
        </span>
        <Icon name="chevron-right" className="size-5 shrink-0 text-muted" />
      </a>
    </li>
  );
}

/**
 * The contact modal (spec §1): callback, WhatsApp or e-mail — as a request the managers answer within an
 * hour (the form works without JavaScript too), and as direct links for those who would rather write first.
 */
export function ContactDialog({ settings }: { settings: PublicSettings }) {
  const t = useT();
  const phone = settings.phones[0]?.number ?? settings.supportPhone;
  return (
    <Dialog id={CONTACT_DIALOG_ID} title={t('contact.title')}>
      <p className="text-muted">{t('contact.intro')}</p>
      <div className="mt-5">
        <CallbackForm />
      </div>
      <h3 className="mt-8 text-sm font-semibold tracking-wide text-muted uppercase">{t('forms.contact.direct')}</h3>
      <ul className="mt-3 space-y-3">
        <Option href={telHref(phone)} icon="phone" title={t('contact.call')} hint={t('contact.callHint')} detail={formatPhone(phone)} />
        <Option
          href={whatsappHref(settings.whatsapp)}
          icon="whatsapp"
          title={t('contact.whatsapp')}
          hint={t('contact.whatsappHint')}
          detail={formatPhone(settings.whatsapp)}
          external
        />
        <Option href={`mailto:${settings.email}`} icon="mail" title={t('contact.email')} hint={t('contact.emailHint')} detail={settings.email} />
      </ul>
      <div className="mt-5 space-y-1 text-sm text-muted">
        <p className="flex items-center gap-2">
          <Icon name="clock" className="size-4 shrink-0" />
          {t('contact.hours', { hours: settings.workingHours })}
        </p>
        <p className="flex items-center gap-2">
          <Icon name="map-pin" className="size-4 shrink-0" />
          {t('contact.office', { address: settings.address })}
        </p>
      </div>
    </Dialog>
  );
}
