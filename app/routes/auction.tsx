import { Link, data } from 'react-router';
import type { Route } from './+types/auction';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { catalogueFormat } from '#app/components/catalogue/format.ts';
import { isId } from '#core/schemas/id.ts';
import { formDataToObject } from '#core/schemas/lead.ts';
import { IDEMPOTENCY_FIELD, LEAD_CLIENT_IP_HEADER } from '#core/validation/lead-forms.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { AuctionPanel } from '#app/components/auctions/auction-panel.tsx';
import { useAuctionTitle } from '#app/components/auctions/auction-card.tsx';
import type { FormResult } from '#app/components/forms/types.ts';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { appContext } from '#app/lib/context.server.ts';
import { requirePageFormOrigin } from '#app/lib/csrf.server.ts';
import { formOutcome } from '#app/lib/form-outcome.server.ts';
import { translate, translator, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';
import { requestLocale } from '#app/loaders/route-params.ts';

export function headers({ errorHeaders, actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? actionHeaders ?? loaderHeaders;
}

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  const auction = args.loaderData?.auction;
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as { locale?: Locale } | undefined;
  if (!messages || !auction) return pageMeta(args, {});
  const locale = root?.locale ?? 'ru';
  const format = catalogueFormat(locale, translator(messages, locale));
  const lot = auction.lot ? format.lotTitle(auction.lot) : translate(messages, 'auctions.lotTitle');
  return pageMeta(args, {
    title: translate(messages, 'auctions.auctionTitle', { lot }),
    description: translate(messages, 'auctions.auctionMetaDescription', { lot, project: auction.lot?.projectName ?? '' }),
  });
}

function auctionId(params: { id?: string }): number {
  const id = params.id ?? '';
  if (!isId(id)) pageNotFound();
  return Number(id);
}

/** `/auctions/{id}`: one auction with its bid form; the form's action without JavaScript (ADR 020). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const now = new Date();
  const auction = await services.auctions.get(auctionId(params), requestLocale(url), now);
  if (!auction) pageNotFound();
  return { auction, now: now.toISOString() };
}

/** A bid posted without JavaScript: the same service as the API, the answer shown on this page. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const id = auctionId(params);
  const app = context.get(appContext);
  const { services } = app;
  const locale = requestLocale(url);
  const values = formDataToObject(await request.formData());
  // Same origin (Fetch Metadata, Origin) or the form's token (ADR 022).
  requirePageFormOrigin(request, app, values[CSRF_FORM_FIELD]);
  delete values[CSRF_FORM_FIELD];
  // A page without JavaScript carries no key (its HTML is the same for everyone): this post gets one, which the
  // form shown again keeps, so its "try again" never makes a second lead.
  values[IDEMPOTENCY_FIELD] ||= crypto.randomUUID();
  const answer = (result: FormResult, status: number) => data({ result }, { status });
  let outcome: Awaited<ReturnType<typeof services.auctions.bid>>;
  try {
    outcome = await services.auctions.bid(id, values, { locale, ip: request.headers.get(LEAD_CLIENT_IP_HEADER) ?? 'unknown', source: 'form' });
  } catch (error) {
    // The service logged a database failure with the lead id; anything else: its class only (values carry personal data).
    const stored = error instanceof Error && error.name === 'LeadStoreError' ? (error as Error & { unavailable?: boolean }) : null;
    if (!stored) console.error(`auction bid failed (${error instanceof Error ? error.constructor.name : typeof error})`);
    return answer({ state: 'error', values }, stored?.unavailable ? 503 : 500);
  }
  // Outside the try: the 404 is thrown (a route's not-found answer), never taken for a failed bid.
  if (outcome.type === 'not_found') return pageNotFound();
  const { result, status } = formOutcome(outcome, values, locale);
  return answer(result, status);
}

export default function AuctionPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lp = useLocalePath();
  const { auction, now } = loaderData;
  const title = useAuctionTitle()(auction);
  return (
    <section className="container-page py-8 sm:py-12">
      <Breadcrumbs items={[{ label: t('auctions.title'), to: '/auctions' }, { label: title }]} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{t('auctions.auctionTitle', { lot: title })}</h1>
      {auction.lot ? (
        <p className="mt-4 flex flex-wrap items-center gap-4 text-lg text-muted">
          {auction.lot.projectName}
          <Link to={lp(auction.lot.url)} className={buttonClass('secondary', 'md')}>
            {t('auctions.toLot')}
            <Icon name="arrow-right" className="size-4" />
          </Link>
        </p>
      ) : null}
      <div className="mt-8 max-w-3xl">
        <AuctionPanel auction={auction} serverNow={now} result={actionData?.result} />
      </div>
    </section>
  );
}
