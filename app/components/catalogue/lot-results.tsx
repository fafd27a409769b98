import type { LotCardView } from '#core/catalogue/types.ts';
import type { ReserveMark } from '#app/components/reservations/card-reserve.tsx';
import { FIRST_ROW, LotCard } from './lot-card.tsx';
import { LotList } from './lot-row.tsx';
import type { LotLayout } from './layout-toggle.tsx';

/** The filter's results as cards or as a list: the largest part of the filter pages (a deferred part, ADR 027). */
export function LotResults({ lots, layout }: { lots: (LotCardView & ReserveMark)[]; layout: LotLayout }) {
  if (layout === 'list') return <LotList lots={lots} />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {lots.map((lot, index) => (
        <li key={lot.id}>
          <LotCard lot={lot} priority={index === 0} eager={index < FIRST_ROW} />
        </li>
      ))}
    </ul>
  );
}
