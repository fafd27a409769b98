import type { LotDetail } from '#core/catalogue/types.ts';
import { lotFigureRows } from '#core/catalogue/lot-figures.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';

/** «Характеристики»: every figure of the lot (the rows the PDF prints too) and its features. */
export function LotFigures({ lot }: { lot: Omit<LotDetail, 'similar'> }) {
  const t = useT();
  return (
    <Section id="figures" title={t('catalogue.lot.figures')}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.5fr)_minmax(22rem,1fr)] lg:gap-10">
        <Figures lot={lot} />
        {lot.features.length ? (
          <div className="rounded-3xl bg-white p-6 ring-1 ring-line">
            <h3 className="text-lg font-bold">{t('catalogue.lot.features')}</h3>
            <ul className="mt-4 space-y-2.5">
              {lot.features.map((feature) => (
                <li key={feature} className="flex gap-2.5">
                  <Icon name="check" className="info-icon" />
                  {feature}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Section>
  );
}

function Figures({ lot }: { lot: Omit<LotDetail, 'similar'> }) {
  const t = useT();
  const rows = lotFigureRows(lot, t, useCatalogueFormat());
  return (
    <dl className="grid gap-x-8 rounded-3xl bg-white px-6 py-2 ring-1 ring-line sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="figure-row">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
