import type { ReactNode } from 'react';
import { schedule, type BestQuote } from '#core/purchase/payments.ts';
import { useFormatters, useT } from '#app/lib/i18n.tsx';
import type { Calculator } from './use-calculator.ts';
import { usePurchaseWords, type PurchaseWords } from './words.ts';

/**
 * The calculator's answer: a one-line summary read out politely as it changes, then every applicable offer,
 * lowest monthly payment first and the best one marked, each with an instalment plan's schedule.
 */
export function CalculatorOffers({ calc, headingLevel = 3 }: { calc: Calculator; headingLevel?: 2 | 3 }) {
  const t = useT();
  const words = usePurchaseWords(calc.model.banks);
  const best = calc.offers[0];
  return (
    <div>
      {/* Two lines' room at any width: the summary's length changes as the visitor types, the page below it does not move. */}
      <output aria-live="polite" className="block min-h-[3lh] text-lg font-semibold text-pretty sm:min-h-[2lh]">
        {best
          ? t('purchase.calculator.summary', {
              programme: words.name(best.programme),
              bank: words.lender(best.programme),
              monthly: words.format.money(best.quote.monthly),
              count: words.format.number(calc.offers.length),
            })
          : t('purchase.calculator.none')}
      </output>
      {calc.offers.length ? (
        <ol aria-label={t('purchase.calculator.offers')} className="mt-4 flex flex-col gap-4">
          {calc.offers.map((offer, i) => (
            <OfferCard key={offer.programme.id} offer={offer} best={i === 0} words={words} calc={calc} headingLevel={headingLevel} />
          ))}
        </ol>
      ) : null}
      <p className="mt-4 text-sm text-muted">{t('purchase.calculator.disclaimer')}</p>
    </div>
  );
}

function OfferCard({
  offer,
  best,
  words,
  calc,
  headingLevel,
}: {
  offer: BestQuote;
  best: boolean;
  words: PurchaseWords;
  calc: Calculator;
  headingLevel: 2 | 3;
}) {
  const t = useT();
  const dates = useFormatters();
  const { programme: p, quote: q } = offer;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const wantedTerm = p.kind === 'installment' ? calc.state.months : calc.state.years * 12;
  const onlyIn = p.projects.length ? calc.model.projects.filter((project) => p.projects.includes(project.id)).map((project) => project.name) : [];
  return (
    <li className={`offer ${best ? 'ring-2 ring-brand-600' : 'ring-1 ring-line'}`}>
      <div className="offer-head">
        <div className="min-w-0">
          {best ? (
            <p className="mb-2 inline-block rounded-full bg-brand-700 px-2.5 py-1 text-xs font-semibold text-white">{t('purchase.calculator.best')}</p>
          ) : null}
          <Heading className="offer-name">{words.name(p)}</Heading>
          <p className="text-muted">
            {words.lender(p)}
            {p.kind === 'special' ? (
              <>
                {' · '}
                {t('purchase.calculator.special')}
                {p.validTo ? ` ${t('purchase.calculator.until', { date: dates.date(p.validTo) })}` : ''}
              </>
            ) : null}
          </p>
        </div>
        <p className="offer-monthly">
          <span className="sr-only">{`${t('purchase.calculator.monthly')}: `}</span>
          {words.perMonth(q.monthly)}
        </p>
      </div>
      <dl className="offer-figures">
        <Figure label={p.kind === 'installment' ? t('purchase.calculator.markup') : t('purchase.calculator.rate')}>
          {words.format.percent(p.kind === 'installment' ? p.markup : p.rate)}
        </Figure>
        <Figure label={t('purchase.calculator.down')}>
          {`${words.format.money(q.downPayment)} (${words.format.percent(q.downPaymentPercent)})`}
          {q.downPaymentPercent > calc.state.down ? <span className="offer-raised">{t('purchase.calculator.raised')}</span> : null}
        </Figure>
        <Figure label={t('purchase.calculator.term')}>
          {words.term(q.termMonths, p.kind)}
          {q.termMonths < wantedTerm ? <span className="offer-raised">{t('purchase.calculator.raised')}</span> : null}
        </Figure>
        <Figure label={t('purchase.calculator.overpayment')}>{words.kopecks(q.overpaymentKopecks)}</Figure>
      </dl>
      <p className="offer-terms" data-programme-terms>
        {words.terms(p)}
      </p>
      {words.conditions(p) ? <p className="mt-1 text-sm text-muted">{words.conditions(p)}</p> : null}
      {onlyIn.length ? <p className="mt-1 text-sm text-muted">{t('purchase.calculator.projects', { projects: words.list(onlyIn) })}</p> : null}
      {p.kind === 'installment' ? <Schedule offer={offer} words={words} /> : null}
    </li>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** An instalment plan month by month, folded: the table is long, and only some buyers want it. */
function Schedule({ offer, words }: { offer: BestQuote; words: PurchaseWords }) {
  const t = useT();
  const rows = schedule(offer.programme, offer.quote);
  return (
    <details className="mt-4 rounded-2xl bg-paper px-4 py-2">
      <summary className="min-h-10 cursor-pointer py-2 font-semibold text-brand-800">{t('purchase.calculator.schedule')}</summary>
      <div className="max-h-96 overflow-auto pb-2">
        <table className="schedule w-full text-sm tabular-nums">
          <caption className="sr-only">{t('purchase.calculator.scheduleCaption', { programme: words.name(offer.programme) })}</caption>
          <thead className="sticky top-0 bg-paper text-left text-muted">
            <tr>
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                {t('purchase.calculator.scheduleMonth')}
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
                {t('purchase.calculator.schedulePayment')}
              </th>
              <th scope="col" className="py-1.5 text-right font-semibold">
                {t('purchase.calculator.scheduleBalance')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.month}>
                <th scope="row">{words.format.number(row.month)}</th>
                <td>{words.kopecks(row.paymentKopecks)}</td>
                <td>{words.kopecks(row.balanceKopecks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
