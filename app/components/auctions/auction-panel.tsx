import { useEffect, useRef, useState } from 'react';
import { BID_CEILING_STEPS, formatAuctionTime, formatRoubles, parseBidAmount, type AuctionView } from '#core/auctions/auction.ts';
import { AmountField } from '#app/components/forms/amount-field.tsx';
import { LeadForm } from '#app/components/forms/lead-form.tsx';
import { NameField, PhoneField } from '#app/components/forms/fields.tsx';
import type { FormResult } from '#app/components/forms/types.ts';
import { useLeadForm } from '#app/components/forms/use-lead-form.ts';
import { useLocale, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { AuctionFacts, StatusBadge, statusNow } from './auction-facts.tsx';
import { useLiveAuction, useTicking } from './live.ts';

/**
 * An auction with its bid form: the lot page's and the auction page's. Server-rendered (figures, `<time>` of the
 * end, the least and the most a bid may be, a form that posts to `/auctions/{id}` without JavaScript), then kept
 * live by polling. The countdown is hidden from screen readers; a polite live region says only what changed: bidding
 * started or ended, and to a visitor who bid here, whether the best bid is still theirs or was outbid.
 */
export function AuctionPanel({
  auction: initial,
  serverNow,
  result,
  headingLevel = 2,
}: {
  auction: AuctionView;
  serverNow: string;
  result?: FormResult | undefined;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const locale = useLocale();
  const { auction, refresh } = useLiveAuction(initial);
  const now = useTicking(serverNow);
  const status = statusNow(auction, now);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  // The visitor's own accepted bid (this page, this visit: the amount the form sent, or the post's without
  // JavaScript): each new best is said to be theirs or to have outbid them.
  const [mine, setMine] = useState<number | null>(result?.state === 'success' ? parseBidAmount(result.values.amount ?? '') : null);
  const [news, setNews] = useState('');
  // What the live region last saw: only a change of state is announced, never the ticking.
  const [seen, setSeen] = useState({ status, best: auction.bestAmount, mine });
  if (seen.status !== status || seen.best !== auction.bestAmount || seen.mine !== mine) {
    setSeen({ status, best: auction.bestAmount, mine });
    const best = auction.bestAmount;
    if (seen.status !== status && status === 'ended') setNews(t('auctions.live.ended'));
    else if (seen.status !== status && status === 'live') setNews(t('auctions.live.started'));
    else if (mine !== null && best !== null && best === mine) setNews(t('auctions.live.yourBest', { amount: formatRoubles(best, locale) }));
    else if (mine !== null && best !== null && best > mine && seen.best !== best) setNews(t('auctions.live.outbid', { amount: formatRoubles(best, locale) }));
  }

  return (
    <section aria-labelledby={`auction-${auction.id}-title`} data-auction={auction.id} className="panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={`auction-${auction.id}-title`} className="text-2xl font-extrabold tracking-tight">
          {t('auctions.lotTitle')}
        </Heading>
        <StatusBadge status={status} />
      </div>
      <div className="mt-4">
        <AuctionFacts auction={auction} now={now} />
      </div>
      {auction.extendMinutes > 0 && status !== 'ended' ? (
        <p className="mt-3 text-sm text-muted">{t('auctions.extension', { minutes: auction.extendMinutes })}</p>
      ) : null}
      {status !== 'ended' ? <p className="mt-1 text-sm text-muted">{t('auctions.ceiling', { count: BID_CEILING_STEPS })}</p> : null}
      {auction.endsAt !== auction.plannedEndsAt ? (
        <p className="mt-1 text-sm text-muted">
          {t('auctions.extended', { time: `${formatAuctionTime(auction.plannedEndsAt, locale)} ${t('auctions.zone')}` })}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {news}
      </p>
      <div className="mt-6">
        {status === 'live' || result ? (
          <BidForm
            auction={auction}
            result={result}
            onAccepted={(amount) => {
              setMine(amount);
              refresh();
            }}
            onRefused={refresh}
          />
        ) : status === 'scheduled' ? (
          <p className="text-muted">{t('auctions.form.notStarted', { time: formatAuctionTime(auction.startsAt, locale) })}</p>
        ) : (
          <p className="text-muted">{t('auctions.form.closed')}</p>
        )}
      </div>
    </section>
  );
}

/**
 * The bid form: the lead form's pattern (same fields, consent, idempotency, proof of work) plus the amount, grouped
 * as the page's language groups figures, with the least and the most a bid may be now. `onAccepted` gets the amount
 * the form sent (the field is gone once the success view replaces the form).
 */
function BidForm({
  auction,
  result,
  onAccepted,
  onRefused,
}: {
  auction: AuctionView;
  result: FormResult | undefined;
  onAccepted: (amount: number) => void;
  onRefused: () => void;
}) {
  const t = useT();
  const lp = useLocalePath();
  const locale = useLocale();
  const form = useLeadForm({ kind: 'auction_bid', url: `/api/auction/${auction.id}/bid/` }, { initial: result });
  const values = result && result.state !== 'success' ? result.values : undefined;
  // The amount the last submit sent (the form's, or "try again"'s): what an accepted bid was.
  const sent = useRef<number | null>(null);
  const accepted = useRef(form.status === 'success');
  useEffect(() => {
    if (form.status === 'success' && !accepted.current && sent.current !== null) onAccepted(sent.current);
    accepted.current = form.status === 'success';
  }, [form.status, onAccepted]);
  // A refusal ("must be at least X", "may be at most X") means the best moved: fetch the state now.
  useEffect(() => {
    if (form.errors.amount) onRefused();
  }, [form.errors.amount, onRefused]);
  return (
    <div
      onSubmitCapture={(event) => {
        const amount = (event.target as HTMLFormElement).elements.namedItem('amount');
        sent.current = amount instanceof HTMLInputElement ? parseBidAmount(amount.value) : null;
      }}
    >
      <h3 className="mb-4 text-lg font-bold">{t('auctions.form.title')}</h3>
      <LeadForm
        form={form}
        slug="request"
        action={lp(`/auctions/${auction.id}`)}
        context={{ lot: auction.lot?.url ?? null }}
        submitLabel={t('auctions.form.submit')}
      >
        <input type="hidden" name="auction" value={String(auction.id)} />
        <AmountField
          label={t('auctions.form.amount')}
          name="amount"
          required
          initial={values?.amount ?? auction.minimumBid}
          hint={t('auctions.form.amountHint', { min: formatRoubles(auction.minimumBid, locale), max: formatRoubles(auction.maximumBid, locale) })}
          error={form.errors.amount}
        />
        <NameField values={values} errors={form.errors} />
        <PhoneField values={values} errors={form.errors} />
        <p className="text-sm text-muted">{t('auctions.form.note')}</p>
      </LeadForm>
    </div>
  );
}

/** The lot page's auction, when the lot is or was auctioned: one self-contained block. */
export function LotAuction({ data }: { data: { auction: AuctionView; now: string } | null }) {
  if (!data) return null;
  return (
    <div id="auction" className="container-page mt-6 sm:mt-10 print:hidden">
      <AuctionPanel auction={data.auction} serverNow={data.now} />
    </div>
  );
}
