import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import type { ReactNode } from 'react';
import { useLocale, useT } from '#app/lib/i18n.tsx';
import { messengersOf, type Messenger } from '#core/content/sales-contacts.ts';
import { LOCALE_ENTRIES } from '#core/i18n/locales.ts';
import { formatPhone, telHref } from '#core/phone.ts';
import type { PublicSettings } from '#server/modules/content/settings.ts';

/** A way to reach the sales team; `href` null: nothing a link can open (a WeChat ID is added in the app). */
export type ContactChannel = { key: string; href: string | null; icon: IconName; title: string; hint: string; detail: string; external: boolean };

/** A messenger of the settings as a channel: its link, or for WeChat the ID to add. */
export function useMessengerChannel(): (messenger: Messenger) => ContactChannel {
  const t = useT();
  return (m) => ({
    key: m.name,
    href: m.href,
    icon: m.name,
    title: t(`contact.${m.name}`),
    hint: t(`contact.${m.name}Hint`),
    detail: m.name === 'whatsapp' ? formatPhone(m.id) : m.name === 'telegram' ? `@${m.id}` : m.id,
    external: m.href !== null,
  });
}

/**
 * "Our managers speak Russian, English and Chinese": the languages of the sales team's settings, in the page's
 * language, or null when none is set.
 */
export function useSalesLanguages(settings: Pick<PublicSettings, 'salesLanguages'>): string | null {
  const t = useT();
  const locale = useLocale();
  if (!settings.salesLanguages.length) return null;
  const names = settings.salesLanguages.map((language) => t(`contact.languageNames.${language}`));
  return t('contact.speaks', { languages: new Intl.ListFormat(LOCALE_ENTRIES[locale].iso, { type: 'conjunction' }).format(names) });
}

/**
 * The ways to reach the sales team, as the contact modal and the contacts page both show them: the phone (the
 * page lists every line with its own label, the modal the first), the messengers the settings name (WhatsApp,
 * Telegram, WeChat: one not set is not offered) and e-mail. One list, so a number or an id changed in the
 * settings changes everywhere.
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
  const messenger = useMessengerChannel();
  return [
    ...calls,
    ...messengersOf(settings).map(messenger),
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

/** The office's address, opening hours and the languages the managers speak, under the channels. */
export function ContactFacts({ settings, className = '' }: { settings: PublicSettings; className?: string }) {
  const t = useT();
  const speaks = useSalesLanguages(settings);
  return (
    <div className={`space-y-2 text-muted ${className}`}>
      <p className="flex items-start gap-2">
        <Icon name="map-pin" className="info-icon" />
        {t('contact.office', { address: settings.address })}
      </p>
      <p className="flex items-start gap-2">
        <Icon name="clock" className="info-icon" />
        {t('contact.hours', { hours: settings.workingHours })}
      </p>
      {speaks ? (
        <p className="flex items-start gap-2" data-sales-languages>
          <Icon name="globe" className="info-icon" />
          {speaks}
        </p>
      ) : null}
    </div>
  );
}

/** A channel as a link: its icon, its name and what it reaches. */
export function externalProps(channel: ContactChannel) {
  return channel.external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
}

/** A channel's link, or its text where no link opens it (a WeChat ID), in the same look. */
export function ChannelLink({ channel, className, children }: { channel: ContactChannel; className: string; children: ReactNode }) {
  return channel.href ? (
    <a href={channel.href} {...externalProps(channel)} className={className}>
      {children}
    </a>
  ) : (
    <span className={className}>{children}</span>
  );
}
