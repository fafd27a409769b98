import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { useT } from '#app/lib/i18n.tsx';
import type { ReservationOffer } from './types.ts';

/** The deposit in roubles as the site writes money («50 000 ₽»). */
export function useDeposit(kopecks: number): string {
  return useCatalogueFormat().money(kopecks / 100);
}

/** The terms in one line: «Бронь на 7 дней за 50 000 ₽, возврат в течение 3 дней». */
export function useTermsLine(offer: ReservationOffer): string {
  const t = useT();
  const deposit = useDeposit(offer.depositKopecks);
  return t('reservations.offer.terms', {
    period: t('reservations.offer.period', { count: offer.periodDays, deposit }),
    refund: t('reservations.offer.refund', { count: offer.refundWindowDays }),
  });
}

/** The terms as a list on the reserve page: deposit, period, refund window, the time given to pay. */
export function ReservationTerms({ offer }: { offer: ReservationOffer }) {
  const t = useT();
  const deposit = useDeposit(offer.depositKopecks);
  const rows: [string, string][] = [
    [t('reservations.reserve.deposit'), deposit],
    [t('reservations.reserve.period'), t('reservations.reserve.days', { count: offer.periodDays })],
    [t('reservations.reserve.refundWindow'), t('reservations.reserve.refundDays', { count: offer.refundWindowDays })],
    [t('reservations.reserve.hold'), t('reservations.reserve.minutes', { count: offer.holdMinutes })],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2" data-reservation-terms="">
      {rows.map(([label, value]) => (
        <div key={label} className="rounded-2xl bg-paper p-4">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="mt-1 text-lg font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
