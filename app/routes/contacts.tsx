import type { Route } from './+types/contacts';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { CONTACT_DIALOG_ID } from '#app/components/layout/contact-dialog.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { dialogOpener } from '#app/components/ui/dialog.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { translate, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { ContactFacts, externalProps, useContactChannels } from '#app/components/layout/contact-channels.tsx';
import type { PublicSettings } from '#server/services/settings.ts';
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
      {settings ? <ContactDetails settings={settings} /> : null}
    </section>
  );
}

/** Every line, WhatsApp and e-mail (the same channels as the contact modal), the office, and the way to the modal. */
function ContactDetails({ settings }: { settings: PublicSettings }) {
  const t = useT();
  const channels = useContactChannels(settings, 'every');
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-3">
      <div className="rounded-3xl border border-line bg-white p-6 sm:p-8 lg:col-span-2">
        <ul className="grid gap-6 sm:grid-cols-2">
          {channels.map((channel) => (
            <li key={channel.key}>
              <p className="text-sm text-muted">{channel.title}</p>
              <a
                href={channel.href}
                {...externalProps(channel)}
                className="mt-1 inline-flex items-center gap-2 text-xl font-bold wrap-anywhere hover:text-brand-700"
              >
                <Icon name={channel.icon} />
                {channel.detail}
              </a>
            </li>
          ))}
        </ul>
        <ContactFacts settings={settings} className="mt-8 border-t border-line pt-6" />
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
  );
}
