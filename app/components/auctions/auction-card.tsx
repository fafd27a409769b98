import { Link } from 'react-router';
import type { AuctionView } from '#core/auctions/auction.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { SectionHeading } from '#app/components/layout/section-heading.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { AuctionFacts, StatusBadge, statusNow } from './auction-facts.tsx';
import { useLiveAuctionLists, useTicking, type AuctionListsView } from './live.ts';

/** The lot an auction sells, as its title: «2-комнатная квартира № 45». */
export function useAuctionTitle(): (auction: AuctionView) => string {
  const format = useCatalogueFormat();
  const t = useT();
  return (auction) => (auction.lot ? format.lotTitle(auction.lot) : t('auctions.lotTitle'));
}

/** One auction in a list: the lot, the project, the figures and the way to bid. */
export function AuctionCard({ auction, now, headingLevel = 3 }: { auction: AuctionView; now: number; headingLevel?: 2 | 3 }) {
  const t = useT();
  const lp = useLocalePath();
  const title = useAuctionTitle()(auction);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="auction-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Heading className="text-lg font-bold tracking-tight">
            <Link to={lp(`/auctions/${auction.id}`)} className="hover:text-brand-700">
              {title}
            </Link>
          </Heading>
          {auction.lot ? <p className="text-sm text-muted">{auction.lot.projectName}</p> : null}
        </div>
        <StatusBadge status={statusNow(auction, now)} />
      </div>
      <div className="mt-3 grow">
        <AuctionFacts auction={auction} now={now} compact />
      </div>
      {auction.lot ? (
        <Link to={lp(auction.lot.url)} className="auction-to-lot">
          {t('auctions.toLot')}
          <span className="sr-only">: {title}</span>
        </Link>
      ) : null}
    </article>
  );
}

/** A list of auctions under a heading (the auctions page's sections). */
export function AuctionList({ id, title, items, now }: { id: string; title: string; items: AuctionView[]; now: number }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {items.map((auction) => (
          <li key={auction.id}>
            <AuctionCard auction={auction} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The informer: the live auctions (the scheduled ones when none is live) in a compact block, kept live by polling. */
export function AuctionInformer({ initial, serverNow }: { initial: AuctionListsView; serverNow: string }) {
  const t = useT();
  const lists = useLiveAuctionLists(initial);
  const now = useTicking(serverNow);
  const shown = (lists.live.length ? lists.live : lists.scheduled).slice(0, 3);
  if (!shown.length) return null;
  return (
    <section aria-labelledby="auctions-informer-title" className="home-section">
      <SectionHeading id="auctions-informer-title" title={t('auctions.informerTitle')} link={{ to: '/auctions', label: t('auctions.all') }} />
      <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {shown.map((auction) => (
          <li key={auction.id}>
            <AuctionCard auction={auction} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}
