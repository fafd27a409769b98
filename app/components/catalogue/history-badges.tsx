import type { LotCard } from '#core/catalogue/types.ts';
import { useT } from '#app/lib/i18n.tsx';
import { useCatalogueFormat } from './format.ts';
import { STATUS_BADGE } from './status.ts';

/**
 * What a lot's history says on its card (ADR 019): «−3 %» when its price fell in the last 30 days, and "booked
 * today" in place of the plain "booked". The short figure is for the eye; screen readers hear the sentence
 * («Цена снижена на 3 % за 30 дней»), which is also the tooltip.
 */
export function PriceDropBadge({ drop, className = 'px-2.5 py-1' }: { drop: number; className?: string }) {
  const format = useCatalogueFormat();
  const label = format.dropLabel(drop);
  return (
    <span data-price-drop="" title={label} className={`rounded-full bg-brand-800 text-white tabular-nums ${className}`}>
      <span aria-hidden="true">{format.dropBadge(drop)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A lot's status badge, «Забронирована сегодня» for one booked since Moscow midnight; cards leave it out for a lot on
 * sale (`always`: the comparison's status row shows it).
 */
export function StatusBadge({
  lot,
  className = 'px-2.5 py-1',
  always = false,
}: {
  lot: Pick<LotCard, 'status' | 'offer' | 'bookedToday'> & { reservedUntil?: string | null };
  className?: string;
  always?: boolean;
}) {
  const t = useT();
  const format = useCatalogueFormat();
  if (!always && lot.status === 'free' && lot.offer === 'sale') return null;
  return (
    <span className={`rounded-full ring-1 ${STATUS_BADGE[lot.status]} ${className}`}>
      {lot.bookedToday && lot.status === 'booked' ? t('catalogue.history.bookedToday') : format.lotStatus(lot)}
    </span>
  );
}
