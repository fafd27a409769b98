import { whatsappHref } from '../phone.ts';

/**
 * The sales team's messengers (site settings, edited in the back office: core/admin/kinds/settings.ts): what each
 * id looks like and how a page reaches it. An id left empty is not offered anywhere: a page lists only `messengersOf`.
 */
export const SALES_CONTACTS = {
  /** E.164: the link is https://wa.me/<digits>. */
  whatsapp: /^\+[1-9]\d{7,14}$/,
  /** A user name without @: the link is https://t.me/<name>. */
  telegram: /^[A-Za-z][A-Za-z0-9_]{4,31}$/,
  /** A WeChat ID: no web link opens a chat, so the page shows the id to add in the app. */
  wechat: /^[A-Za-z][A-Za-z0-9_-]{5,19}$/,
} as const;

export type MessengerName = keyof typeof SALES_CONTACTS;
export type Messenger = { name: MessengerName; id: string; href: string | null };

/** The messengers the settings name, in a fixed order, each with its link (WeChat has none). */
export function messengersOf(settings: Record<MessengerName, string>): Messenger[] {
  const out: Messenger[] = [];
  if (settings.whatsapp) out.push({ name: 'whatsapp', id: settings.whatsapp, href: whatsappHref(settings.whatsapp) });
  if (settings.telegram) out.push({ name: 'telegram', id: settings.telegram, href: `https://t.me/${settings.telegram}` });
  if (settings.wechat) out.push({ name: 'wechat', id: settings.wechat, href: null });
  return out;
}
