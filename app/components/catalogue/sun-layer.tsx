import { Link } from 'react-router';
import type { ChessCell } from '#core/catalogue/types.ts';
import { sunDuration } from '#core/insolation/format.ts';
import { SUN_LAYER_STEPS, sunLayerStep, sunLayerStepLabel } from '#core/insolation/layer.ts';
import type { Translate } from '#core/i18n/messages.ts';
import { useT } from '#app/lib/i18n.tsx';

/**
 * The chessboard's sun layer (issue #41, docs/guides/insolation.md): each cell shaded by its lot's hours of direct sun
 * on 21 March, in steps (core/insolation/format.ts), with the hours written in the cell and said in its name. A
 * presentation choice kept in the address, `?layer=sun`, like the results' layout: a plain link turns it on and off
 * without JavaScript, a shared link shows the same, and the section's data carries the sun only when it is asked for.
 */
export const LAYER_PARAM = 'layer';

export function readSunLayer(params: URLSearchParams): boolean {
  return params.get(LAYER_PARAM) === 'sun';
}

/** The layer as an address carries it, beside the filter's query. */
export function sunLayerQuery(on: boolean): Record<string, string | undefined> {
  return { [LAYER_PARAM]: on ? 'sun' : undefined };
}

/** A cell's look in the layer: its step's shade (a sold lot's struck through), or a plain one for a lot without figures. */
export function sunCellLook(lot: Pick<ChessCell, 'sun' | 'status'>): string {
  if (!lot.sun) return 'cell-sun-none';
  return `cell-sun-${sunLayerStep(lot.sun.march)}${lot.status === 'sold' ? ' cell-sun-sold' : ''}`;
}

/** What a cell says of its sun, after the lot's sentence: «Солнце 21 марта: 3 ч 20 мин, норма инсоляции соблюдена». */
export function sunCellWords(lot: Pick<ChessCell, 'sun'>, t: Translate): string {
  if (!lot.sun) return t('insolation.layer.noFigures');
  return `${t('insolation.layer.cell', { duration: sunDuration(lot.sun.march, t) })}, ${t(lot.sun.normMet ? 'insolation.layer.normMet' : 'insolation.layer.normNotMet')}`;
}

const SUN_ICON = 'M12 4V2M12 22v-2M4 12H2M22 12h-2M6.3 6.3 4.9 4.9M19.1 19.1l-1.4-1.4M6.3 17.7l-1.4 1.4M19.1 4.9l-1.4 1.4M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0z';

/** The link that turns the layer on or off: its words say what it does («Показать солнце» / «Скрыть солнце»). */
export function SunLayerToggle({ on, href }: { on: boolean; href: string }) {
  const t = useT();
  return (
    <Link
      to={href}
      replace
      preventScrollReset
      data-sun-layer={on ? 'on' : 'off'}
      className={`inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 transition-colors ${on ? 'bg-sun-2 text-ink ring-sun-4' : 'bg-white text-brand-800 ring-line hover:bg-sun-1'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <path d={SUN_ICON} />
      </svg>
      {t(on ? 'insolation.layer.hide' : 'insolation.layer.show')}
    </Link>
  );
}

/** The layer's legend: each step in words beside its shade; «нет расчёта солнца» when some lot shown has no figures. */
export function SunLegend({ noFigures }: { noFigures: boolean }) {
  const t = useT();
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" aria-label={t('insolation.layer.legend')}>
      <li className="font-semibold" aria-hidden="true">
        {t('insolation.layer.legend')}
      </li>
      {SUN_LAYER_STEPS.map((step) => (
        <li key={step} className="flex items-center gap-2">
          <span aria-hidden="true" className={`size-4 rounded ring-1 ring-inset cell-sun-${step}`} />
          {sunLayerStepLabel(step, t)}
        </li>
      ))}
      {noFigures ? (
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-4 rounded ring-1 ring-inset cell-sun-none" />
          {t('insolation.layer.noFigures')}
        </li>
      ) : null}
    </ul>
  );
}
