import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { formatPhone, telHref } from '#core/phone.ts';
import { LOCALE_ENTRIES } from '#core/i18n/locales.ts';
import { formatPercent } from '#core/i18n/percent.ts';
import { useLocale, useT } from '#app/lib/i18n.tsx';
import { useMoments } from './moment.ts';
import type { DealDocument, DealSchedule, DealView } from './types.ts';

const CARD = 'panel';

/** A file's size as the language writes it: «240 КБ», "1.2 MB". */
function useFileSize(): (bytes: number) => string {
  const iso = LOCALE_ENTRIES[useLocale()].iso;
  return (bytes) => {
    const mega = bytes >= 1_000_000;
    return new Intl.NumberFormat(iso, { style: 'unit', unit: mega ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(
      mega ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)),
    );
  };
}

/** The documents the manager attached, each served through the deal's token (`private, no-store`). */
export function DealDocuments({ documents }: { documents: DealDocument[] }) {
  const t = useT();
  const size = useFileSize();
  const { day } = useMoments();
  return (
    <section aria-labelledby="deal-documents-title" className={CARD}>
      <h2 id="deal-documents-title" className="text-xl font-bold">
        {t('reservations.deal.documentsTitle')}
      </h2>
      {documents.length === 0 ? (
        <p className="mt-3 text-muted">{t('reservations.deal.documentsEmpty')}</p>
      ) : (
        <ul className="mt-4 grid gap-2">
          {documents.map((doc) => (
            <li key={doc.id}>
              {/* A file, not a page: the browser downloads it (no router navigation). */}
              <a href={doc.url} className="flex items-start gap-3 rounded-2xl p-3 ring-1 ring-line hover:bg-paper" download>
                <Icon name="download" className="info-icon" />
                <span className="min-w-0">
                  <span className="block font-semibold break-words">{doc.title}</span>
                  <span className="block text-sm text-muted">
                    {t('reservations.deal.documentSize', { size: size(doc.bytes) })} · {day(doc.createdAt)}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The chosen programme's payment schedule at the lot's price (core/purchase maths), its months behind a disclosure. */
export function DealScheduleBlock({ schedule }: { schedule: DealSchedule }) {
  const t = useT();
  const locale = useLocale();
  const format = useCatalogueFormat();
  const money = (kopecks: number) => format.money(Math.round(kopecks / 100));
  const caption = t('purchase.calculator.scheduleCaption', { programme: schedule.programme });
  // The programme's rate (a plan's markup) as the database holds it now: the loader reads the programme each time.
  const rateCell: [string, string] =
    schedule.kind === 'installment'
      ? [t('purchase.calculator.markup'), formatPercent(schedule.markup, locale)]
      : [t('purchase.calculator.rate'), formatPercent(schedule.rate, locale)];
  // A mortgage's term in years when it is whole years (as the calculator says it), a plan's in months.
  const term =
    schedule.kind !== 'installment' && schedule.termMonths % 12 === 0
      ? t('purchase.units.years', { count: schedule.termMonths / 12 })
      : t('purchase.units.months', { count: schedule.termMonths });
  return (
    <section aria-labelledby="deal-schedule-title" className={CARD} data-deal-schedule="">
      <h2 id="deal-schedule-title" className="text-xl font-bold">
        {t('reservations.deal.scheduleTitle')}
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {(
          [
            rateCell,
            [t('reservations.deal.scheduleDown'), money(schedule.downPaymentKopecks)],
            [t('reservations.deal.scheduleMonthly'), money(schedule.monthlyKopecks)],
            [t('reservations.deal.scheduleTerm'), term],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-2xl bg-paper p-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-1 text-lg font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-muted">{t('reservations.deal.scheduleNote', { programme: schedule.programme })}</p>
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold text-brand-800">{t('reservations.deal.scheduleShow')}</summary>
        {/* Scrolls on its own: focusable, so a keyboard can scroll it too, and named for the screen reader's region list. */}
        <div
          className="mt-3 max-h-96 overflow-auto rounded-2xl ring-1 ring-line focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          role="region"
          aria-label={caption}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable from the keyboard
          tabIndex={0}
        >
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 bg-paper text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('purchase.calculator.scheduleMonth')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('purchase.calculator.schedulePayment')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('purchase.calculator.scheduleBalance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {schedule.rows.map((row) => (
                <tr key={row.month} className="border-t border-line">
                  <td className="px-3 py-1.5">{row.month}</td>
                  <td className="px-3 py-1.5 text-right">{money(row.paymentKopecks)}</td>
                  <td className="px-3 py-1.5 text-right">{money(row.balanceKopecks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** The sales contact from the site's settings: phone and e-mail as links. */
export function DealManager({ manager }: { manager: DealView['manager'] }) {
  const t = useT();
  if (!manager.phone && !manager.email) return null;
  return (
    <section aria-labelledby="deal-manager-title" className={CARD}>
      <h2 id="deal-manager-title" className="text-xl font-bold">
        {t('reservations.deal.managerTitle')}
      </h2>
      <p className="mt-2 text-muted">{manager.name ?? t('reservations.deal.managerText')}</p>
      <ul className="mt-4 grid gap-2">
        {manager.phone ? (
          <li>
            <a href={telHref(manager.phone)} className="inline-flex items-center gap-2 font-semibold text-brand-800 hover:underline">
              <Icon name="phone" className="size-5" />
              {formatPhone(manager.phone)}
            </a>
          </li>
        ) : null}
        {manager.email ? (
          <li>
            <a href={`mailto:${manager.email}`} className="inline-flex items-center gap-2 font-semibold break-all text-brand-800 hover:underline">
              <Icon name="mail" className="size-5 shrink-0" />
              {manager.email}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
