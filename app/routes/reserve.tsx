import { data } from 'react-router';
import type { Route } from './+types/reserve';
import type { Locale } from '#core/i18n/locales.ts';
import { catalogueFormat, useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { ReserveForm } from '#app/components/reservations/reserve-form.tsx';
import { ReserveLot } from '#app/components/reservations/reserve-lot.tsx';
import { ReservationTerms, useTermsLine } from '#app/components/reservations/terms.tsx';
import type { ReservationOffer } from '#app/components/reservations/types.ts';
import { appContext } from '#app/lib/context.server.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { translate, translator, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import { reservationOffer, reserveAction, reserveProgrammes } from '#app/loaders/reservations.server.ts';
import { lotRoute, requestLocale } from '#app/loaders/route-params.ts';

/**
 * The form an answer shows is the visitor's own (its values, a fresh attempt key) and the lot's availability is of
 * this moment: never kept by any cache.
 */
const PRIVATE = { 'cache-control': 'private, no-store' };

export function headers() {
  return PRIVATE;
}

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  const lot = args.loaderData?.lot;
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as { locale?: Locale } | undefined;
  if (!messages || !lot) return pageMeta(args, { noindex: true });
  const locale = root?.locale ?? 'ru';
  const title = catalogueFormat(locale, translator(messages, locale)).lotTitle(lot);
  return pageMeta(args, { title: translate(messages, 'reservations.reserve.heading', { lot: title }), noindex: true });
}

async function reservableLot({ url, params, context }: Pick<Route.LoaderArgs, 'url' | 'params' | 'context'>) {
  // Without online payments there is no reserve page at all (no button leads here).
  if (!context.get(appContext).reservations) pageNotFound();
  const { slug, type, number } = lotRoute(url, params);
  const locale = requestLocale(url);
  const lot = await catalogueService(context).lot(slug, type, number, locale);
  if (!lot) pageNotFound();
  return { lot, locale };
}

/** `/{projectShortSlug}/{lotType}/{number}/reserve`: the lot's online reservation, its terms and the buyer's form. */
export async function loader(args: Route.LoaderArgs) {
  const { lot, locale } = await reservableLot(args);
  const offer = await reservationOffer(args.context, lot);
  // A lot taken meanwhile says so (a link to it may be open in another tab); a project without reservations has no page.
  if (!offer && lot.status === 'free' && !lot.auction) pageNotFound();
  const sign = pictureSigner(args.context, args.request);
  const programmes = offer ? await reserveProgrammes(args.context, lot, locale) : null;
  return data({ lot: { ...lot, plan: sign(lot.plan, 'lotCard') }, offer, programmes, attempt: crypto.randomUUID(), locale }, { headers: PRIVATE });
}

export async function action(args: Route.ActionArgs) {
  const { lot, locale } = await reservableLot(args);
  const answer = await reserveAction(args.request, args.context, lot, locale);
  answer.init = { ...answer.init, headers: PRIVATE };
  return answer;
}

export default function ReservePage({ loaderData, actionData }: Route.ComponentProps) {
  const { lot, offer, programmes, attempt } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const title = format.lotTitle(lot);
  const projectUrl = `/projects/${lot.projectId}`;
  const result = actionData?.result ?? (offer ? undefined : { values: {}, errors: {}, problem: 'unavailable' as const });
  return (
    <section className="container-page py-8 sm:py-12">
      <Breadcrumbs
        items={[
          { label: t('catalogue.projects.title'), to: '/projects' },
          { label: lot.projectName, to: projectUrl },
          { label: title, to: lot.url },
          { label: t('reservations.reserve.title') },
        ]}
      />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{t('reservations.reserve.heading', { lot: title })}</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">{t('reservations.reserve.lead')}</p>
      {offer ? <TermsLine offer={offer} /> : null}
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(20rem,1fr)] lg:items-start">
        <div className="min-w-0 rounded-3xl bg-white p-6 ring-1 ring-line sm:p-10">
          {offer ? (
            <ReserveForm
              action={lp(`${lot.url}/reserve`)}
              attempt={attempt}
              depositKopecks={offer.depositKopecks}
              programmes={programmes ?? undefined}
              result={result}
            />
          ) : (
            <p role="alert" className="rounded-2xl bg-paper p-4 font-medium">
              {t('reservations.reserve.unavailable')}
            </p>
          )}
        </div>
        <div className="grid min-w-0 gap-6">
          <ReserveLot lot={lot} title={title} />
          {offer ? (
            <section aria-labelledby="reserve-terms-title" className="panel">
              <h2 id="reserve-terms-title" className="mb-4 text-xl font-bold">
                {t('reservations.reserve.termsTitle')}
              </h2>
              <ReservationTerms offer={offer} />
            </section>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** The terms in one line under the lead: on a phone the form comes before the terms' list. */
function TermsLine({ offer }: { offer: ReservationOffer }) {
  return <p className="mt-2 max-w-3xl font-semibold">{useTermsLine(offer)}</p>;
}
