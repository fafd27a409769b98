import type { Locale } from '#core/i18n/locales.ts';
import type { BookingData, BookingKind } from '#app/components/forms/booking-form.tsx';
import type { Services } from '#server/services/index.ts';

/**
 * What a booking form starts with: its offices (or projects), the free dates of the chosen one and the free
 * times of the chosen date. The form page and the pages that open the meeting form in a dialog (the contact
 * page, a project's offices) make it the same way.
 */
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
  const all = await services.leads.bookingFacets(kind, { resource: Number(resource) });
  const dates = Object.keys(all.items.date?.choices ?? {}).sort();
  const date = chosen?.date && dates.includes(chosen.date) ? chosen.date : (dates[0] ?? '');
  const day = date ? await services.leads.bookingFacets(kind, { resource: Number(resource), date }) : null;
  const slots = Object.entries(day?.items.slot?.choices ?? {})
    .map(([value, left]) => ({ value, left }))
    .sort((a, b) => a.value.localeCompare(b.value));
  return { kind, field, resources, ...(kind === 'partner_meeting' ? { topics: choices('topic') } : {}), resource, date, dates, slots };
}
