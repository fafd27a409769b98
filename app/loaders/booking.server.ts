import { data } from 'react-router';
import type { Locale } from '#core/i18n/locales.ts';
import type { FormSlug } from '#core/validation/lead-forms.ts';
import type { BookingData, BookingKind } from '#app/components/forms/booking-form.tsx';
import type { Services } from '#server/services.ts';

/**
 * What a booking form needs to render (its offices or projects, the free dates of the chosen one and the free
 * times of the chosen date), and the partners' basic auth: shared by `/forms/{form}`, the pages that carry a
 * booking form (the agents' and partners' pages) and those that open the meeting form in a dialog (the contact
 * page, a project's offices).
 */
export const BOOKINGS: Partial<Record<FormSlug, BookingKind>> = { meeting: 'meeting', 'broker-tour': 'broker_tour', 'partner-meeting': 'partner_meeting' };
const PARTNER_CHALLENGE = { 'www-authenticate': 'Basic realm="partners", charset="UTF-8"' };

export async function bookingData(
  services: Services,
  kind: BookingKind,
  locale: Locale,
  chosen?: { resource?: string | undefined; date?: string | undefined },
): Promise<BookingData> {
  const specs = await services.leads.bookingSpecs(kind, locale);
  const field = kind === 'broker_tour' ? 'project' : 'office';
  const choices = (name: string) => (specs.find((s) => s.name === name)?.choices ?? []) as { value: string; label: string }[];
  const resources = choices(field).map(({ value, label }) => ({ value, label }));
  const resource = resources.some((r) => r.value === chosen?.resource) ? chosen!.resource! : (resources[0]?.value ?? '');
  const { dates, date, slots } = await services.leads.bookingDay(kind, Number(resource), chosen?.date);
  return { kind, field, resources, ...(kind === 'partner_meeting' ? { topics: choices('topic') } : {}), resource, date, dates, slots };
}

/** The partner meeting asks for basic auth when configured (spec §6): a 401 with the challenge, else the visitor's own header. */
export function partnerHeaders(services: Services, slug: FormSlug, request: Request): Record<string, string> | null {
  if (slug !== 'partner-meeting' || !services.leads.partnerAuthRequired()) return null;
  const authorization = request.headers.get('authorization');
  if (!services.leads.checkPartnerAuth(authorization)) throw data({ detail: 'Authentication required.' }, { status: 401, headers: PARTNER_CHALLENGE });
  // The visitor's own credentials, so the page's API calls can send them too (spec §6).
  return { authorization: authorization! };
}
