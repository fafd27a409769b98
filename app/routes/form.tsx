import { data } from 'react-router';
import type { Route } from './+types/form';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { isTrackingParameter } from '#core/http/tracking-query.ts';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { formDataToObject } from '#core/schemas/lead.ts';
import {
  FINANCE_FIELDS,
  IDEMPOTENCY_FIELD,
  FORM_SLUGS,
  LEAD_CLIENT_IP_HEADER,
  REQUEST_TYPES,
  SUBSCRIPTION_TOPICS,
  UTM_KEYS,
  isFormSlug,
  type RequestType,
  type SubscriptionTopic,
} from '#core/validation/lead-forms.ts';
import { BookingForm } from '#app/components/forms/booking-form.tsx';
import { CallbackForm } from '#app/components/forms/callback-form.tsx';
import { LandingForm } from '#app/components/forms/landing-form.tsx';
import { PresaleForm } from '#app/components/forms/presale-form.tsx';
import { RequestForm } from '#app/components/forms/request-form.tsx';
import { SubscriptionForm } from '#app/components/forms/subscription-form.tsx';
import { useSubscriptionHeading } from '#app/components/forms/subscription-heading.ts';
import type { FormResult } from '#app/components/forms/types.ts';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { appContext } from '#app/lib/context.server.ts';
import { requirePageFormOrigin } from '#app/lib/csrf.server.ts';
import { formOutcome } from '#app/lib/form-outcome.server.ts';
import { BOOKINGS, bookingData, partnerHeaders } from '#app/loaders/booking.server.ts';
import { translate, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';

/**
 * `/forms/{form}`: every lead form on a page of its own, and the action that makes each of them work
 * without JavaScript (same schema, same messages, same service as the API; ADR 006).
 */

export function headers({ errorHeaders, actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? actionHeaders ?? loaderHeaders;
}

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  const slug = args.loaderData?.slug;
  return pageMeta(args, { title: messages && slug ? translate(messages, `forms.titles.${slug}`) : undefined, noindex: slug === 'partner-meeting' });
}

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  if (!isFormSlug(params.form)) throw data(null, { status: 404 });
  const slug = params.form;
  const { services } = context.get(appContext);
  const locale = splitLocalePath(url.pathname).locale;
  const headers = partnerHeaders(services, slug, request);
  const bookingKind = BOOKINGS[slug];
  const query = (name: string) => url.searchParams.get(name) ?? undefined;
  const topic = query('topic');
  return {
    slug,
    headers,
    booking: bookingKind
      ? await bookingData(services, bookingKind, locale, { resource: query(bookingKind === 'broker_tour' ? 'project' : 'office'), date: query('date') })
      : null,
    projects: await services.leads.projectChoices(locale),
    project: Number(query('project')) || null,
    landing: query('landing')?.replace(/[^a-z0-9-]/g, '') || 'foreign-buyers',
    subscriptionTopic: (SUBSCRIPTION_TOPICS as readonly string[]).includes(topic ?? '') ? (topic as SubscriptionTopic) : 'default',
    requestType: (REQUEST_TYPES as readonly string[]).includes(topic ?? '') ? (topic as RequestType) : 'consultation',
  };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  if (!isFormSlug(params.form)) throw data(null, { status: 404 });
  const slug = params.form;
  const app = context.get(appContext);
  const { services } = app;
  const locale = splitLocalePath(url.pathname).locale;
  const values = formDataToObject(await request.formData());
  // Same origin (Fetch Metadata, Origin) or the form's token (ADR 022).
  requirePageFormOrigin(request, app, values[CSRF_FORM_FIELD]);
  delete values[CSRF_FORM_FIELD];
  // A page without JavaScript carries no key (its HTML is the same for everyone): this post gets one, which the
  // form shown again keeps, so its "try again" never makes a second lead.
  values[IDEMPOTENCY_FIELD] ||= crypto.randomUUID();
  Object.assign(values, refererTags(values, request.headers.get('referer'), url.origin));
  partnerHeaders(services, slug, request);

  const kind = FORM_SLUGS[slug].kind;
  const bookingKind = BOOKINGS[slug];
  const booking = bookingKind
    ? await bookingData(services, bookingKind, locale, { resource: values[bookingKind === 'broker_tour' ? 'project' : 'office'], date: values.date })
    : null;
  const answer = (result: FormResult, status: number) => data({ result, booking }, { status });
  try {
    const outcome = await services.leads.submit(
      kind,
      { ...values, ...(slug === 'callback' ? { type: 'callback' } : {}) },
      {
        locale,
        ip: request.headers.get(LEAD_CLIENT_IP_HEADER) ?? 'unknown',
        source: 'form',
        cookies: request.headers.get('cookie'),
      },
    );
    const { result, status } = formOutcome(outcome, values, locale);
    return answer(result, status);
  } catch (error) {
    // A database failure was logged by the service with the lead id and the error class. Anything else: the
    // error's class only — messages can quote the values, and the values carry personal data.
    const stored = error instanceof Error && error.name === 'LeadStoreError' ? (error as Error & { unavailable?: boolean }) : null;
    if (!stored) console.error(`lead form ${slug} failed (${error instanceof Error ? error.constructor.name : typeof error})`);
    // The database is down: 503, with the same error view ("try again", the chat).
    return answer({ state: 'error', values }, stored?.unavailable ? 503 : 500);
  }
}

/**
 * The page a form was posted from without JavaScript, and its UTM tags, from its Referer (same site only): pages are
 * rendered without their tracking parameters (one kept copy for all their values: core/http/page-query.ts), so the
 * form's own page address and tags carry none. The Referer's address replaces the form's when it is the same page;
 * tags the form did post are kept. (The lead keeps an address's path and UTM tags only.)
 */
function refererTags(values: Record<string, string>, referer: string | null, origin: string): Record<string, string> {
  if (!referer || !URL.canParse(referer)) return {};
  const page = new URL(referer);
  if (page.origin !== origin) return {};
  const tags: Record<string, string> = {};
  for (const key of UTM_KEYS) {
    const value = page.searchParams.get(key);
    if (value && !values[key]) tags[key] = value;
  }
  const untracked = (address: string) => {
    if (!URL.canParse(address, origin)) return address;
    const url = new URL(address, origin);
    for (const name of [...url.searchParams.keys()]) if (isTrackingParameter(name)) url.searchParams.delete(name);
    return url.pathname + url.search;
  };
  const address = page.pathname + page.search;
  if (Object.keys(tags).length > 0 && (!values.page_url || untracked(values.page_url) === untracked(address))) tags.page_url = address;
  return tags;
}

/** The calculation a request came with, kept for the form shown again after a post without JavaScript. */
function financeOf(values: Record<string, string>) {
  return Object.fromEntries(FINANCE_FIELDS.flatMap((k) => (values[k] ? [[k, values[k]]] : [])));
}

export default function FormPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { slug } = loaderData;
  const subscriptionHeading = useSubscriptionHeading(loaderData.subscriptionTopic);
  const result = actionData?.result;
  const booking = actionData?.booking ?? loaderData.booking;
  const values = result && result.state !== 'success' ? result.values : undefined;
  const context = values
    ? { project: Number(values.project) || null, lot: values.lot, promo: values.promo, finance: financeOf(values) }
    : loaderData.project
      ? { project: loaderData.project }
      : undefined;
  return (
    <section className="container-page py-8 sm:py-12">
      <Breadcrumbs items={[{ label: t(`forms.titles.${slug}`) }]} />
      <div className="mx-auto mt-6 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{t(`forms.titles.${slug}`)}</h1>
        <p className="mt-4 text-lg text-muted">{t(`forms.intros.${slug}`)}</p>
        <div className="mt-8 rounded-3xl bg-white p-6 ring-1 ring-line sm:p-10">
          {slug === 'request' ? <RequestForm initial={result} context={context} topic={loaderData.requestType} /> : null}
          {slug === 'callback' ? <CallbackForm initial={result} /> : null}
          {slug === 'subscribe' && loaderData.subscriptionTopic !== 'default' ? (
            <div className="mb-6">
              <h2 className="text-2xl font-extrabold tracking-tight">{subscriptionHeading.title}</h2>
              <p className="mt-2 text-muted">{subscriptionHeading.description}</p>
            </div>
          ) : null}
          {slug === 'subscribe' ? (
            <SubscriptionForm
              initial={result}
              topic={(values?.topic as SubscriptionTopic | undefined) ?? loaderData.subscriptionTopic}
              project={context?.project ?? null}
            />
          ) : null}
          {booking ? <BookingForm data={booking} initial={result} headers={loaderData.headers ?? undefined} context={context} /> : null}
          {slug === 'presale' ? (
            <PresaleForm initial={result} projects={loaderData.projects.filter((p) => p.presale)} project={loaderData.project ?? undefined} />
          ) : null}
          {slug === 'landing' ? <LandingForm initial={result} landing={loaderData.landing} /> : null}
        </div>
      </div>
    </section>
  );
}
