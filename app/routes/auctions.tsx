import type { Route } from './+types/auctions';
import { AuctionList } from '#app/components/auctions/auction-card.tsx';
import { useLiveAuctionLists, useTicking } from '#app/components/auctions/live.ts';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { appContext } from '#app/lib/context.server.ts';
import { translate, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { requestLocale } from '#app/loaders/route-params.ts';

export function meta(args: Route.MetaArgs) {
  const messages = metaMessages(args.matches);
  return pageMeta(args, {
    title: messages ? translate(messages, 'auctions.title') : undefined,
    description: messages ? translate(messages, 'auctions.metaDescription') : undefined,
  });
}

/** `/auctions`: live auctions, the scheduled ones, and the recently ended with their result (ADR 020). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const now = new Date();
  const lists = await services.auctions.lists(requestLocale(url), now);
  return { lists, now: now.toISOString() };
}

export default function Auctions({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lists = useLiveAuctionLists(loaderData.lists);
  const now = useTicking(loaderData.now);
  const empty = !lists.live.length && !lists.scheduled.length && !lists.ended.length;
  return (
    <section className="container-page py-8 sm:py-12">
      <Breadcrumbs items={[{ label: t('auctions.title') }]} />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-5xl">{t('auctions.title')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">{t('auctions.intro')}</p>
      {empty ? <p className="mt-10 text-lg">{t('auctions.empty')}</p> : null}
      <AuctionList id="auctions-live" title={t('auctions.sections.live')} items={lists.live} now={now} />
      <AuctionList id="auctions-scheduled" title={t('auctions.sections.scheduled')} items={lists.scheduled} now={now} />
      <AuctionList id="auctions-ended" title={t('auctions.sections.ended')} items={lists.ended} now={now} />
    </section>
  );
}
