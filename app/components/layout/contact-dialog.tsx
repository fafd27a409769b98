import { CallbackForm } from '#app/components/forms/callback-form.tsx';
import { Dialog } from '#app/components/ui/dialog.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { ChannelLink, ContactFacts, useContactChannels, type ContactChannel } from './contact-channels.tsx';
import type { PublicSettings } from '#server/modules/content/settings.ts';

function Option({ channel }: { channel: ContactChannel }) {
  return (
    <li>
      <ChannelLink channel={channel} className="group channel">
        <span className="channel-icon">
          <Icon name={channel.icon} className="size-6" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">{channel.title}</span>
          <span className="block text-sm text-muted">{channel.hint}</span>
          <span className="channel-detail">{channel.detail}</span>
        </span>
        {channel.href ? <Icon name="chevron-right" className="size-5 shrink-0 text-muted" /> : null}
      </ChannelLink>
    </li>
  );
}

/**
 * The contact modal (spec §1; `id`: CONTACT_DIALOG_ID, its code loaded by ./contact-opener.tsx): callback, the messengers set or e-mail — as a request the managers answer within an
 * hour (the form works without JavaScript too), and as direct links for those who would rather write first.
 */
export function ContactDialog({ id, settings }: { id: string; settings: PublicSettings }) {
  const t = useT();
  const channels = useContactChannels(settings, 'first');
  return (
    <Dialog id={id} title={t('contact.title')}>
      <p className="text-muted">{t('contact.intro')}</p>
      <div className="mt-5">
        <CallbackForm />
      </div>
      <h3 className="mt-8 text-sm font-semibold tracking-wide text-muted uppercase">{t('forms.contact.direct')}</h3>
      <ul className="mt-3 space-y-3">
        {channels.map((channel) => (
          <Option key={channel.key} channel={channel} />
        ))}
      </ul>
      <ContactFacts settings={settings} className="mt-5 text-sm" />
    </Dialog>
  );
}
