import { data } from 'react-router';
import type { Route } from './+types/deal';
import { DealPage } from '#app/components/reservations/deal-page.tsx';
import { translate } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';
import { dealAction, dealPage } from '#app/loaders/reservations.server.ts';
import { requestLocale } from '#app/loaders/route-params.ts';

/**
 * A personal page: never kept by any cache, never indexed, its address (the token) never sent to another site as a
 * Referer (`same-origin`: `no-referrer` would make its forms' posts carry `Origin: null`, which page actions refuse).
 */
const PRIVATE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'same-origin' };

export function headers() {
  return PRIVATE;
}

/** Seconds between the page's own reloads while the payment is being confirmed (a meta refresh: no script needed). */
export const PENDING_REFRESH_S = 5;

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  const tags = pageMeta(args, { title: messages ? translate(messages, 'reservations.deal.metaTitle') : undefined, noindex: true });
  return args.loaderData?.deal.state === 'pending' ? [...tags, { httpEquiv: 'refresh', content: String(PENDING_REFRESH_S) }] : tags;
}

/** `/deal/{token}`: the buyer's deal, read through the token; an unknown or revoked token is the site's 404, no hint. */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const token = params.token ?? '';
  const locale = requestLocale(url);
  const deal = await dealPage(context, request, token, locale);
  if (!deal) pageNotFound();
  return data({ deal, here: url.pathname }, { headers: PRIVATE });
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const answer = await dealAction(request, context, params.token ?? '', requestLocale(url), url.pathname);
  if (answer.init?.status === 404) pageNotFound();
  answer.init = { ...answer.init, headers: PRIVATE };
  return answer;
}

export default function DealRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <DealPage deal={loaderData.deal} here={loaderData.here} result={actionData?.result ?? undefined} />;
}
