import { formatRoubles } from '#core/auctions/auction.ts';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import { formatDay } from '#core/i18n/dates.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { LeadKind } from '#core/schemas/lead.ts';
import type { LeadRow } from './payload.ts';

export type LeadAnswer = { id: string; status: 'accepted'; title: string; message: string };

export const BOOKING_KINDS: ReadonlySet<LeadKind> = new Set<LeadKind>(['meeting', 'broker_tour', 'partner_meeting']);

/** The answer a visitor gets for a committed lead; a replay with the same key rebuilds exactly this. */
export function answerFor(lead: Pick<LeadRow, 'id' | 'kind' | 'locale' | 'details'>): LeadAnswer {
  const locale = (['ru', 'en', 'zh'].includes(lead.locale) ? lead.locale : 'ru') as Locale;
  const t = translatorOf(locale);
  const d = lead.details;
  if (lead.kind === 'subscription') return { id: lead.id, status: 'accepted', title: t('forms.success.subscribedTitle'), message: t('forms.success.text') };
  if (lead.kind === 'auction_bid')
    return {
      id: lead.id,
      status: 'accepted',
      title: t('auctions.accepted.title'),
      message: t('auctions.accepted.text', { amount: formatRoubles(Number(d.amount), locale) }),
    };
  if (lead.kind === 'landing') return { id: lead.id, status: 'accepted', title: t('forms.success.title'), message: t('forms.success.landingText') };
  if (BOOKING_KINDS.has(lead.kind as LeadKind) && typeof d.date === 'string') {
    const where = String(d.office_name ?? d.project_name ?? '');
    const booked = t('forms.success.booked', { office: where, date: formatDay(d.date, locale), slot: String(d.slot ?? '') });
    return { id: lead.id, status: 'accepted', title: t('forms.success.bookedTitle'), message: `${booked} ${t('forms.success.text')}` };
  }
  return { id: lead.id, status: 'accepted', title: t('forms.success.title'), message: t('forms.success.text') };
}
