import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { useT } from '#app/lib/i18n.tsx';
import { formatPhone, telHref, whatsappHref } from '#core/phone.ts';
import type { PublicSettings } from '#server/modules/content/settings.ts';

export type ContactChannel = { key: string; href: string; icon: IconName; title: string; hint: string; detail: string; external: boolean };

/**
 * The ways to reach the sales team, as the contact modal and the contacts page both show them: the phone (the
 * page lists every line with its own label, the modal the first), WhatsApp and e-mail. One list, so a number or
 * an address changed in the settings changes everywhere.
 */
export function useContactChannels(settings: PublicSettings, phones: 'first' | 'every'): ContactChannel[] {
  const t = useT();
  const lines = settings.phones.length ? settings.phones : [{ label: t('contact.call'), number: settings.supportPhone }];
  const calls = (phones === 'first' ? lines.slice(0, 1) : lines).map((line) => ({
    key: `tel-${line.number}`,
    href: telHref(line.number),
    icon: 'phone' as const,
    title: phones === 'first' ? t('contact.call') : line.label,
    hint: t('contact.callHint'),
    detail: formatPhone(line.number),
    external: false,
  }));
  return [
    ...calls,
    {
      key: 'whatsapp',
      href: whatsappHref(settings.whatsapp),
      icon: 'whatsapp',
      title: t('contact.whatsapp'),
      hint: t('contact.whatsappHint'),
      detail: formatPhone(settings.whatsapp),
      external: true,
    },
    {
      key: 'email',
      href: `mailto:${settings.email}`,
      icon: 'mail',
      title: t('contact.email'),
      hint: t('contact.emailHint'),
      detail: settings.email,
      external: false,
    },
  ];
}

/** The office's address and opening hours under the channels. */
export function ContactFacts({ settings, className = '' }: { settings: PublicSettings; className?: string }) {
  const t = useT();
  return (
    <div className={`space-y-2 text-muted ${className}`}>
      <p className="flex items-start gap-2">
        <Icon name="map-pin" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        {t('contact.office', { address: settings.address })}
      </p>
      <p className="flex items-start gap-2">
        <Icon name="clock" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        {t('contact.hours', { hours: settings.workingHours })}
      </p>
    </div>
  );
}

/** A channel as a link: its icon, its name and what it reaches. */
export function externalProps(channel: ContactChannel) {
  return channel.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}
