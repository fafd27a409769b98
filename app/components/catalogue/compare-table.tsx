import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { lotTerms } from '#core/catalogue/offer.ts';
import { showsListPrice, type LotCard } from '#core/catalogue/types.ts';
import { Image } from '#app/components/ui/image.tsx';
import { FIRST_ROW } from './lot-card.tsx';
import { useLocale, useLocalePath, useT, type MessageKey } from '#app/lib/i18n.tsx';
import { useChosenRate } from '#app/lib/currency.tsx';
import { convertedPrice } from '#core/currency/format.ts';
import { useCatalogueFormat, type CatalogueFormat } from './format.ts';
import { PriceDropBadge, StatusBadge } from './history-badges.tsx';
import { completionText } from './completion.ts';

type Row = { key: string; label: MessageKey; value: (lot: LotCard) => string; strong?: boolean };

/** The price in the visitor's currency (ADR 037), or null when none is shown. */
type Convert = ((lot: LotCard) => string) | null;

function rows(format: CatalogueFormat, t: ReturnType<typeof useT>, convert: Convert = null): Row[] {
  const optionalArea = (value: number | null) => (value === null ? '—' : format.area(value));
  return [
    // A lot in an auction is compared at its auction's figure (the best bid, else the start price); a sold one at none.
    {
      key: 'price',
      label: 'catalogue.compare.price',
      value: (lot) => (lot.auction ? format.money(lot.auction.bestAmount ?? lot.auction.startPrice) : showsListPrice(lot) ? format.price(lot) : '—'),
      strong: true,
    },
    // Beside the roubles, never instead: the same list price at the Bank of Russia's rate, where one is shown.
    ...(convert
      ? [{ key: 'converted', label: 'currency.compare' as const, value: (lot: LotCard) => (!lot.auction && showsListPrice(lot) ? convert(lot) : '—') }]
      : []),
    { key: 'pricePerM2', label: 'catalogue.compare.pricePerM2', value: (lot) => (showsListPrice(lot) ? format.lotPerM2(lot) : '—') },
    {
      key: 'payment',
      label: 'catalogue.payment.label',
      value: (lot) => {
        const payment = format.payment(lot);
        return payment ? `${payment.amount} (${payment.by})` : '—';
      },
    },
    { key: 'area', label: 'catalogue.compare.area', value: (lot) => format.area(lot.area), strong: true },
    { key: 'rooms', label: 'catalogue.compare.rooms', value: (lot) => format.roomsTitle(lot) },
    { key: 'livingArea', label: 'catalogue.compare.livingArea', value: (lot) => optionalArea(lot.livingArea) },
    { key: 'kitchenArea', label: 'catalogue.compare.kitchenArea', value: (lot) => optionalArea(lot.kitchenArea) },
    { key: 'floor', label: 'catalogue.compare.floor', value: (lot) => String(lot.floor) },
    { key: 'finish', label: 'catalogue.compare.finish', value: (lot) => (lotTerms(lot).finish ? t(`catalogue.finish.${lot.finish}`) : '—') },
    { key: 'ceiling', label: 'catalogue.compare.ceiling', value: (lot) => t('catalogue.common.metres', { value: format.decimal(lot.ceiling) }) },
    { key: 'view', label: 'catalogue.compare.view', value: (lot) => lot.view ?? '—' },
    { key: 'completion', label: 'catalogue.compare.completion', value: (lot) => completionText(lot.completion, t) },
    { key: 'project', label: 'catalogue.compare.project', value: (lot) => lot.projectName },
    {
      key: 'building',
      label: 'catalogue.compare.building',
      value: (lot) => `${lot.buildingName}, ${t('catalogue.common.section', { number: lot.sectionNumber })}`,
    },
    { key: 'status', label: 'catalogue.compare.status', value: (lot) => format.lotStatus(lot) },
  ];
}

/** Whether a row's values differ between the lots: those rows are what a comparison is for. */
export function differingRows(lots: LotCard[], format: CatalogueFormat, t: ReturnType<typeof useT>, convert: Convert = null): Set<string> {
  const result = new Set<string>();
  for (const row of rows(format, t, convert)) if (new Set(lots.map(row.value)).size > 1) result.add(row.key);
  return result;
}

/**
 * Lots side by side, one column each, the features down the side (sticky on phones, where the table
 * scrolls sideways). Rows whose values differ are highlighted and say so to screen readers; `onlyDiff`
 * hides the rest.
 */
export function CompareTable({ lots, onlyDiff, actions }: { lots: LotCard[]; onlyDiff: boolean; actions?: (lot: LotCard) => ReactNode }) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const rate = useChosenRate();
  const locale = useLocale();
  const convert: Convert = rate ? (lot) => convertedPrice(locale, t, lot.price, rate, lot.offer === 'rent') : null;
  const all = rows(format, t, convert);
  const differing = differingRows(lots, format, t, convert);
  const shown = onlyDiff && lots.length > 1 ? all.filter((row) => differing.has(row.key)) : all;
  const sticky = 'sticky left-0 z-10 bg-white';
  return (
    <div className="relative -mx-4 overflow-x-auto sm:mx-0 sm:rounded-3xl sm:ring-1 sm:ring-line">
      <table className="w-full min-w-max border-separate border-spacing-0 bg-white text-left">
        <caption className="sr-only">{t('catalogue.compare.caption', { count: lots.length })}</caption>
        <thead>
          <tr>
            <td className={`${sticky} w-36 border-b border-line p-4 sm:w-52`} />
            {lots.map((lot, index) => (
              <th key={lot.id} scope="col" className="w-56 border-b border-l border-line p-4 align-top font-normal">
                <Image
                  picture={lot.plan}
                  usage="compareTable"
                  alt=""
                  eager={index < FIRST_ROW}
                  className="aspect-[4/3] w-full max-w-52 [&_img]:object-contain"
                />
                <Link to={lp(lot.url)} className="mt-3 block font-bold hover:text-brand-800 hover:underline">
                  {format.lotTitle(lot)}
                </Link>
                {actions ? <div className="mt-3">{actions(lot)}</div> : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => {
            const differs = lots.length > 1 && differing.has(row.key);
            return (
              <tr key={row.key} className={differs ? 'bg-accent-50' : ''}>
                <th scope="row" className={`${sticky} border-b border-line p-4 text-sm font-semibold ${differs ? 'bg-accent-50' : ''}`}>
                  <span className="flex items-center gap-2">
                    {differs ? <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-accent" /> : null}
                    {t(row.label)}
                    {differs ? <span className="sr-only">({t('catalogue.compare.differs')})</span> : null}
                  </span>
                </th>
                {lots.map((lot) => (
                  <td key={lot.id} className={`border-b border-l border-line p-4 tabular-nums ${row.strong ? 'text-lg font-bold' : ''}`}>
                    {row.key === 'status' ? (
                      <StatusBadge lot={lot} always className="px-2.5 py-1 text-xs font-semibold" />
                    ) : row.key === 'price' && lot.priceDrop30d ? (
                      <span className="flex flex-wrap items-center gap-2">
                        {row.value(lot)}
                        <PriceDropBadge drop={lot.priceDrop30d} className="px-2 py-0.5 text-xs font-semibold" />
                      </span>
                    ) : (
                      row.value(lot)
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
