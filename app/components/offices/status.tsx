import { useEffect, useState } from 'react';
import { officeStatus, statusText, type OfficeHours, type OfficeStatus } from '#core/content/offices.ts';
import { useT } from '#app/lib/i18n.tsx';

/** Longest a timer may wait (setTimeout's limit is ~24.8 days; an office changes state within a week). */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * Whether the office is open, live: the server's answer first (so the page hydrates with the same words), then
 * recomputed from the office's hours (its time zone, holidays and changed days) by the visitor's clock once the page
 * runs, and again whenever it changes.
 */
export function useOfficeStatus(hours: OfficeHours, initial: OfficeStatus): OfficeStatus {
  const [status, setStatus] = useState(initial);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const now = Date.now();
      const next = officeStatus(hours, now);
      setStatus(next);
      if (next.until) timer = setTimeout(update, Math.min(MAX_WAIT_MS, Math.max(1000, Date.parse(next.until) - now + 500)));
    };
    update();
    return () => clearTimeout(timer);
    // The same hours whenever the page's data is: its zone, week and exceptions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hours.timeZone, hours.week, hours.exceptions]);
  return status;
}

export function OfficeStatusLine({ hours, status: initial, className = '' }: { hours: OfficeHours; status: OfficeStatus; className?: string }) {
  const t = useT();
  const status = useOfficeStatus(hours, initial);
  return (
    <p className={`inline-flex items-center gap-2 text-sm font-semibold ${status.open ? 'text-brand-700' : 'text-muted'} ${className}`}>
      <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${status.open ? 'bg-brand-600' : 'bg-line ring-1 ring-muted/40'}`} />
      <span>{statusText(status, t)}</span>
    </p>
  );
}
