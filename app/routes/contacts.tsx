import type { Route } from './+types/contacts';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { CONTACT_DIALOG_ID } from '#app/components/layout/contact-dialog.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { dialogOpener } from '#app/components/ui/dialog.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { translate, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { formatPhone, telHref, whatsappHref } from '#core/phone.ts';
import { useRootData } from '#app/lib/root-data.ts';

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  return pageMeta(args, { title: messages ? translate(messages, 'routes.contacts') : undefined });
}

export default function Contacts() {
  const t = useT();
  const settings = useRootData()?.settings;
  return (
    <section className="container-page py-8 sm:py-12">
      <Breadcrumbs items={[{ label: t('routes.contacts') }]} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-5xl">{t('routes.contacts')}</h1>
      {settings ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <div className="rounded-3xl border border-line bg-white p-6 sm:p-8 lg:col-span-2">
            <ul className="grid gap-6 sm:grid-cols-2">
              {settings.phones.map((phone) => (
                <li key={phone.number}>
                  <p className="text-sm text-muted">{phone.label}</p>
                  <a href={telHref(phone.number)} className="mt-1 inline-flex items-center gap-2 text-xl font-bold hover:text-brand-700">
                    <Icon name="phone" />
                    {formatPhone(phone.number)}
                  </a>
                </li>
              ))}
              <li>
                <p className="text-sm text-muted">{t('contact.whatsapp')}</p>
                <a
                  href={whatsappHref(settings.whatsapp)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-1 inline-flex items-center gap-2 text-xl font-bold hover:text-brand-700"
                >
                  <Icon name="whatsapp" />
                  {formatPhone(settings.whatsapp)}
                </a>
              </li>
              <li>
                <p className="text-sm text-muted">{t('contact.email')}</p>
                <a href={`mailto:${settings.email}`} className="mt-1 inline-flex items-center gap-2 text-xl font-bold break-all hover:text-brand-700">
                  <Icon name="mail" />
                  {settings.email}
                </a>
              </li>
            </ul>
            <div className="mt-8 space-y-2 border-t border-line pt-6 text-muted">
              <p className="flex items-start gap-2">
                <Icon name="map-pin" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                {t('contact.office', { address: settings.address })}
              </p>
              <p className="flex items-start gap-2">
                <Icon name="clock" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                {t('contact.hours', { hours: settings.workingHours })}
              </p>
            </div>
          </div>
          <aside className="flex flex-col justify-between gap-6 rounded-3xl bg-brand-800 p-6 text-white sm:p-8">
            <div>
              <h2 className="text-2xl font-bold">{t('contact.title')}</h2>
              <p className="mt-2 text-brand-100">{t('contact.intro')}</p>
            </div>
            <button {...dialogOpener(CONTACT_DIALOG_ID)} className={buttonClass('inverse', 'lg')}>
              {t('header.contact')}
            </button>
          </aside>
        </div>
      ) : null}
    </section>
  );
}
