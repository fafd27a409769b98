import { formatDate, formatDateTime } from '#core/i18n/dates.ts';
import { useLocale, useT } from '#app/lib/i18n.tsx';

/** Moments on the buyer's pages: a day («12 декабря 2026 г.»), or a day and time on Moscow's clock, said so. */
export function useMoments() {
  const locale = useLocale();
  const t = useT();
  return {
    day: (at: string) => formatDate(at, locale),
    time: (at: string) => t('reservations.deal.moscow', { time: formatDateTime(at, locale) }),
  };
}
