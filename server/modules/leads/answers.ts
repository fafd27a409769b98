import { formatRoubles } from '#core/auctions/auction.ts';
import auctionsEn from '#core/i18n/catalogs/en/auctions.ts';
import auctionsRu from '#core/i18n/catalogs/ru/auctions.ts';
import auctionsZh from '#core/i18n/catalogs/zh/auctions.ts';
import { formatDay } from '#core/i18n/dates.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { LeadKind } from '#core/schemas/lead.ts';
import type { LeadRow } from './payload.ts';
import { formTexts } from './texts.ts';

export type LeadAnswer = { id: string; status: 'accepted'; title: string; message: string };

export const BOOKING_KINDS: ReadonlySet<LeadKind> = new Set<LeadKind>(['meeting', 'broker_tour', 'partner_meeting']);

/** The answer a visitor gets for a committed lead; a replay with the same key rebuilds exactly this. */
export function answerFor(lead: Pick<LeadRow, 'id' | 'kind' | 'locale' | 'details'>): LeadAnswer {
  const locale = (['ru', 'en', 'zh'].includes(lead.locale) ? lead.locale : 'ru') as Locale;
  const t = formTexts(locale).success;
  const d = lead.details;
  if (lead.kind === 'subscription') return { id: lead.id, status: 'accepted', title: t.subscribedTitle, message: t.text };
  if (lead.kind === 'auction_bid') {
    const a = { ru: auctionsRu, en: auctionsEn, zh: auctionsZh }[locale].accepted;
    return { id: lead.id, status: 'accepted', title: a.title, message: a.text.replace('{amount}', formatRoubles(Number(d.amount), locale)) };
  }
  if (lead.kind === 'landing') return { id: lead.id, status: 'accepted', title: t.title, message: t.landingText };
  if (BOOKING_KINDS.has(lead.kind as LeadKind) && typeof d.date === 'string') {
    const where = String(d.office_name ?? d.project_name ?? '');
    const booked = t.booked
      .replace('{office}', where)
      .replace('{date}', formatDay(d.date, locale))
      .replace('{slot}', String(d.slot ?? ''));
    return { id: lead.id, status: 'accepted', title: t.bookedTitle, message: `${booked} ${t.text}` };
  }
  return { id: lead.id, status: 'accepted', title: t.title, message: t.text };
}
