import type { ProjectPriceByMonth } from '#core/catalogue/types.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { useT } from '#app/lib/i18n.tsx';

/**
 * «Средняя цена за м² по месяцам»: the project's average price per m² of the flats on sale at each month's end, by
 * kind of flat, from the lots' history (ADR 019). A table (months down, kinds across) reads on a phone and to a
 * screen reader alike; a month without flats of a kind on sale shows a dash.
 */
export function ProjectPriceByMonthTable({ prices }: { prices: ProjectPriceByMonth | null }) {
  const t = useT();
  const format = useCatalogueFormat();
  if (!prices || !prices.months.length || !prices.kinds.length) return null;
  return (
    <Section id="price-by-month" title={t('catalogue.history.projectTitle')}>
      {/* Wider than a phone: the table scrolls in its own labelled box, which the keyboard must reach to scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable from the keyboard */}
      <div role="group" aria-labelledby="price-by-month-caption" tabIndex={0} className="overflow-x-auto rounded-3xl bg-white p-5 ring-1 ring-line sm:p-8">
        <table className="price-table">
          <caption id="price-by-month-caption" className="mb-3 text-left text-muted">
            {t('catalogue.history.projectCaption')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('catalogue.history.month')}</th>
              {prices.kinds.map((k) => (
                <th key={k.kind} scope="col">
                  {t(`catalogue.history.kinds.${k.kind}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {prices.months.map((month, m) => (
              <tr key={month}>
                <th scope="row">{format.month(month)}</th>
                {prices.kinds.map((k) => (
                  <td key={k.kind}>{k.values[m] === null || k.values[m] === undefined ? '—' : format.money(k.values[m])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
