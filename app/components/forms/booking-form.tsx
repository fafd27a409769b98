import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDay } from '#core/i18n/dates.ts';
import type { FormSlug, LeadKind } from '#core/validation/lead-forms.ts';
import { useApi } from '#app/lib/api.ts';
import { useLocale, useT } from '#app/lib/i18n.tsx';
import { CommentField, EmailField, NameField, PhoneField } from './fields.tsx';
import { SelectField, TextField } from '#app/components/ui/field.tsx';
import { LeadForm } from './lead-form.tsx';
import type { FormResult, LeadContext } from './types.ts';
import { useLeadForm } from './use-lead-form.ts';

export type BookingKind = 'meeting' | 'broker_tour' | 'partner_meeting';

/** What a booking form starts with: the resources, and what is free for the chosen one (from the loader). */
export type BookingData = {
  kind: BookingKind;
  field: 'office' | 'project';
  resources: { value: string; label: string }[];
  topics?: { value: string; label: string }[];
  resource: string;
  date: string;
  dates: string[];
  slots: { value: string; left: number }[];
};

type Facets = { count: number; items: Record<string, { choices?: Record<string, number> }> };

const ENDPOINTS: Record<BookingKind, { kind: LeadKind; url: string; facets: string; slug: FormSlug }> = {
  meeting: { kind: 'meeting', url: '/api/meeting/', facets: '/api/meeting/facets/', slug: 'meeting' },
  broker_tour: { kind: 'broker_tour', url: '/api/broker_tour/create_meeting/', facets: '/api/broker_tour/facets/', slug: 'broker-tour' },
  partner_meeting: { kind: 'partner_meeting', url: '/api/partner_meeting/', facets: '/api/partner_meeting/facets/', slug: 'partner-meeting' },
};

/**
 * Meeting booking, broker tours and partner meetings: office (or project), date and time are chosen from
 * what is free (`…/facets/`). Without JavaScript the lists are the loader's; the server re-checks the slot.
 */
export function BookingForm({
  data,
  initial,
  headers,
  resource: preselected,
  context,
}: {
  data: BookingData;
  initial?: FormResult | undefined;
  headers?: Record<string, string> | undefined;
  /** The office (or project) to start with when it is not the one `data` was made for: its free dates are asked for at once. */
  resource?: string | undefined;
  /** What the booking came from (the project page it was opened on), sent with the lead. */
  context?: LeadContext | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const api = useApi();
  const endpoint = ENDPOINTS[data.kind];
  const form = useLeadForm(endpoint, { initial, headers });
  const values = initial && initial.state !== 'success' ? initial.values : undefined;
  const start = values?.[data.field] || (preselected && data.resources.some((r) => r.value === preselected) ? preselected : data.resource);
  const [resource, setResource] = useState(start);
  const [date, setDate] = useState(values?.date || data.date);
  const [dates, setDates] = useState(data.dates);
  const [slots, setSlots] = useState(data.slots);
  // Opened for another office than the loader's: its free dates and times are asked for at once.
  const [loading, setLoading] = useState(start !== data.resource);

  const dateLabel = useCallback((value: string) => formatDay(value, locale, 'weekday'), [locale]);

  /** The free dates of an office (or project), and the free times of the chosen date (or the first free one). */
  async function freeTimes(nextResource: string, nextDate: string) {
    const all = await api<Facets>(endpoint.facets, { query: { [data.field]: nextResource }, headers });
    const freeDates = Object.keys(all.items.date?.choices ?? {}).sort();
    const day = freeDates.includes(nextDate) ? nextDate : (freeDates[0] ?? '');
    const facets = day ? await api<Facets>(endpoint.facets, { query: { [data.field]: nextResource, date: day }, headers }) : null;
    const free = Object.entries(facets?.items.slot?.choices ?? {})
      .map(([value, left]) => ({ value, left }))
      .sort((a, b) => a.value.localeCompare(b.value));
    return { dates: freeDates, date: day, slots: free };
  }

  function show(next: { dates: string[]; date: string; slots: { value: string; left: number }[] }) {
    setDates(next.dates);
    setDate(next.date);
    setSlots(next.slots);
  }

  /**
   * The latest choice's lists win: a visitor who picks an office and then a date before the office's lists came
   * would otherwise see the office's answer, arriving last, put the old date back.
   */
  const latest = useRef(0);
  async function refresh(nextResource: string, nextDate: string) {
    const request = ++latest.current;
    setLoading(true);
    try {
      const next = await freeTimes(nextResource, nextDate);
      if (request === latest.current) show(next);
    } catch {
      // The lists stay as they were; the server still refuses a slot that is not free.
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }

  useEffect(() => {
    if (start === data.resource) return;
    let live = true;
    const request = ++latest.current;
    const current = () => live && request === latest.current;
    freeTimes(start, date)
      .then((next) => current() && show(next))
      .catch(() => {
        // The loader's lists stay; the server still refuses a slot that is not free.
      })
      .finally(() => current() && setLoading(false));
    return () => {
      live = false;
    };
    // Once, for the office the form was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submitLabel = t('forms.actions.book');
  return (
    <LeadForm form={form} slug={endpoint.slug} context={context} submitLabel={submitLabel} layout="wide">
      {data.topics ? (
        <SelectField
          label={t('forms.fields.partnerTopic')}
          name="topic"
          required
          options={data.topics}
          placeholder={t('forms.fields.choose')}
          defaultValue={values?.topic ?? ''}
          error={form.errors.topic}
          className="sm:col-span-2"
        />
      ) : null}
      <SelectField
        label={data.field === 'office' ? t('forms.fields.office') : t('forms.fields.project')}
        name={data.field}
        required
        options={data.resources}
        placeholder={t('forms.fields.choose')}
        value={resource}
        onChange={(event) => {
          setResource(event.target.value);
          void refresh(event.target.value, date);
        }}
        error={form.errors[data.field]}
        className="sm:col-span-2"
      />
      <SelectField
        label={t('forms.fields.date')}
        name="date"
        required
        options={dates.map((value) => ({ value, label: dateLabel(value) }))}
        placeholder={t('forms.fields.choose')}
        value={date}
        onChange={(event) => {
          setDate(event.target.value);
          void refresh(resource, event.target.value);
        }}
        error={form.errors.date}
        aria-busy={loading || undefined}
      />
      {/* A new list of times (another office's hours, another day) starts again from its first free time. */}
      <SelectField
        key={`${resource}|${date}|${slots.map((slot) => slot.value).join(',')}`}
        label={t('forms.fields.slot')}
        name="slot"
        required
        options={slots.map((slot) => ({ value: slot.value, label: slot.value }))}
        placeholder={slots.length ? t('forms.fields.choose') : t('forms.fields.noSlots')}
        defaultValue={values?.slot && slots.some((s) => s.value === values.slot) ? values.slot : slots[0]?.value}
        error={form.errors.slot}
        aria-busy={loading || undefined}
      />
      <NameField values={values} errors={form.errors} />
      <PhoneField values={values} errors={form.errors} />
      {data.kind === 'broker_tour' ? (
        <TextField
          label={t('forms.fields.agency')}
          name="agency"
          required
          autoComplete="organization"
          defaultValue={values?.agency ?? ''}
          error={form.errors.agency}
        />
      ) : null}
      {data.kind === 'partner_meeting' ? (
        <TextField
          label={t('forms.fields.company')}
          name="company"
          required
          autoComplete="organization"
          defaultValue={values?.company ?? ''}
          error={form.errors.company}
        />
      ) : null}
      <EmailField values={values} errors={form.errors} />
      {data.kind !== 'broker_tour' ? <CommentField values={values} errors={form.errors} className="sm:col-span-2" /> : null}
    </LeadForm>
  );
}
