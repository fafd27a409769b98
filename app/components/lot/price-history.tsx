import type { LotStatus, PriceHistory } from '#core/catalogue/types.ts';
import { formatDate } from '#core/i18n/dates.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { useLocale, useT } from '#app/lib/i18n.tsx';

/** The chart's drawing space: stretched to the box (its height is fixed, so nothing moves when it renders). */
const W = 600;
const H = 160;

type Point = { at: number; price: number; status: LotStatus };

/**
 * A lot's price through time (ADR 019): a step line from its first record to today, drawn on the server as SVG in a
 * box of fixed height, its range in words for screen readers, and the same rows as a table in a disclosure, newest
 * first, each change in percent. `asOf` is the moment the page was made (the line's right end), so the server and
 * the browser draw the same line.
 */
export function PriceHistoryChart({ history, asOf }: { history: PriceHistory; asOf: string }) {
  const t = useT();
  const locale = useLocale();
  const format = useCatalogueFormat();
  const points: Point[] = history.points.map((p) => ({ at: Date.parse(p.at), price: p.price, status: p.status }));
  if (!points.length) return null;
  const end = Math.max(Date.parse(asOf), points.at(-1)!.at + 1);
  const start = points[0]!.at;
  const prices = points.map((p) => p.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const pad = high === low ? high * 0.05 : (high - low) * 0.15;
  const x = (at: number) => ((at - start) / (end - start)) * W;
  const y = (price: number) => H - ((price - (low - pad)) / (high - low + 2 * pad)) * H;
  let d = `M0 ${y(points[0]!.price).toFixed(1)}`;
  for (const [k, p] of points.entries()) {
    if (k > 0) d += ` H${x(p.at).toFixed(1)} V${y(p.price).toFixed(1)}`;
  }
  d += ` H${W}`;
  const area = `${d} V${H} H0 Z`;
  const from = formatDate(new Date(start), locale);
  const to = formatDate(new Date(end), locale);
  const priceChanges = points.filter((p, k) => k === 0 || p.price !== points[k - 1]!.price).length - 1;
  const rows = points.map((p, k) => ({ ...p, previous: k > 0 ? points[k - 1]!.price : null })).reverse();

  return (
    <div data-price-history="">
      {history.priceDrop30d ? (
        <p className="mb-3 font-semibold text-brand-800">{t('catalogue.history.dropNote', { percent: format.dropPercent(history.priceDrop30d) })}</p>
      ) : null}
      {priceChanges === 0 ? <p className="mb-3 text-muted">{t('catalogue.history.unchanged', { date: from })}</p> : null}
      <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
        <div className="flex h-40 flex-col justify-between py-1 text-right text-xs text-muted tabular-nums" aria-hidden="true">
          <span>{format.moneyCompact(high)}</span>
          <span>{format.moneyCompact(low)}</span>
        </div>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={t('catalogue.history.chartLabel', { from, to, min: format.money(low), max: format.money(high), now: format.money(history.price) })}
          className="block h-40 w-full overflow-visible rounded-xl bg-paper"
        >
          <path d={area} className="fill-brand-500/10" />
          <path d={d} fill="none" vectorEffect="non-scaling-stroke" strokeWidth={2.5} strokeLinejoin="round" className="stroke-brand-700" />
        </svg>
        <div className="col-start-2 mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{from}</span>
          <span>{to}</span>
        </div>
      </div>
      <details className="mt-4 print:hidden">
        <summary className="cursor-pointer font-semibold text-brand-800 hover:underline">{t('catalogue.history.table')}</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm tabular-nums">
            <caption className="mb-2 text-left text-muted">{t('catalogue.history.caption')}</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('catalogue.history.date')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('catalogue.history.price')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('catalogue.history.change')}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t('catalogue.history.status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.at} className="border-b border-line/60">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    {formatDate(new Date(row.at), locale)}
                  </th>
                  <td className="py-2 pr-4">{format.money(row.price)}</td>
                  <td className="py-2 pr-4">{row.previous !== null && row.previous !== row.price ? format.priceChange(row.previous, row.price) : '—'}</td>
                  <td className="py-2">{format.status(row.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
