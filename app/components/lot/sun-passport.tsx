import type { LotDetail } from '#core/catalogue/types.ts';
import type { SunArc } from '#core/insolation/chart.ts';
import type { NormZone } from '#core/insolation/norm.ts';
import { sunDuration } from '#core/insolation/format.ts';
import { WINDOW_SIDES, type SunSeason } from '#core/insolation/types.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';

/**
 * «Солнце и вид из окон» (issue #41): per season a small chart of the sun's arc over the day with the part in front of
 * the lot's windows, the minutes of direct sun (with shading) as its text alternative and caption, the norm, and the
 * view tags per window side. Server-rendered SVG: nothing here needs JavaScript.
 */
export function SunPassport({
  lot,
  chart,
}: {
  lot: Pick<LotDetail, 'sun' | 'windowViews'>;
  /** The sun's arcs at the project's place and the norm's zone there (its rule in words); null: no chart. */
  chart: { arcs: SunArc[]; zone: NormZone } | null;
}) {
  const t = useT();
  const arcs = chart?.arcs ?? null;
  const sun = lot.sun;
  const sides = WINDOW_SIDES.filter((side) => lot.windowViews[side]?.length);
  if (!sun && !sides.length) return null;
  return (
    <Section id="sun" title={t('insolation.title')}>
      {sun ? (
        <>
          <p className="-mt-3 mb-6 max-w-2xl text-muted">{t('insolation.lead')}</p>
          <ul className="grid gap-4 sm:grid-cols-3">
            {(['march', 'june', 'december'] as const).map((season) => (
              <li key={season} className="rounded-3xl bg-white p-4 ring-1 ring-line">
                <SeasonChart season={season} minutes={sun[season]} arc={arcs?.find((a) => a.season === season) ?? null} />
              </li>
            ))}
          </ul>
          <p className="mt-4 flex gap-2.5" data-sun-norm={sun.normMet ? 'met' : 'not-met'}>
            <Icon name={sun.normMet ? 'check' : 'close'} className={`mt-0.5 size-5 shrink-0 ${sun.normMet ? 'text-brand-700' : 'text-muted'}`} />
            <span>
              {sun.normMet ? t('insolation.norm.met') : t('insolation.norm.notMet')}
              <span className="block text-sm text-muted">{t(`insolation.norm.hints.${chart?.zone ?? 'central'}`)}</span>
            </span>
          </p>
        </>
      ) : null}
      {sides.length ? (
        <div className="mt-6">
          <h3 className="text-lg font-bold">{t('insolation.views.title')}</h3>
          <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            {sides.map((side) => (
              <li key={side}>
                <span className="text-muted">{t('insolation.views.side', { side: t(`insolation.sides.${side}`) })}: </span>
                {lot.windowViews[side]!.map((tag) => t(`insolation.views.tags.${tag}`)).join(', ')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Section>
  );
}

const W = 240;
const H = 96;
const BASE = 84;
/** Degrees of altitude at the chart's top: the same scale for the three days, so they compare at a glance. */
const TOP = 65;

const x = (minute: number) => Math.round((minute / 1440) * W * 10) / 10;
const y = (altitude: number) => Math.round((BASE - (altitude / TOP) * (BASE - 6)) * 10) / 10;

/** Polylines of consecutive points, all of them or only those in front of the windows. */
function lines(points: SunArc['points'], front: boolean): string[] {
  const out: string[] = [];
  let current: string[] = [];
  for (const [m, alt, f] of points) {
    if (front && f === 0) {
      if (current.length > 1) out.push(current.join(' '));
      current = [];
      continue;
    }
    current.push(`${x(m)},${y(alt)}`);
  }
  if (current.length > 1) out.push(current.join(' '));
  return out;
}

function SeasonChart({ season, minutes, arc }: { season: SunSeason; minutes: number; arc: SunArc | null }) {
  const t = useT();
  const date = t(`insolation.seasons.${season}`);
  const duration = sunDuration(minutes, t);
  const id = `sun-${season}`;
  return (
    <figure>
      {arc ? (
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-label`} className="h-auto w-full" data-sun-chart={season}>
          <title id={`${id}-label`}>{t('insolation.chartLabel', { date, duration })}</title>
          <line x1="0" x2={W} y1={BASE} y2={BASE} className="stroke-line" strokeWidth="1" />
          {[6, 12, 18].map((hour) => (
            <g key={hour}>
              <line x1={x(hour * 60)} x2={x(hour * 60)} y1={BASE} y2={BASE + 4} className="stroke-line" strokeWidth="1" />
              <text x={x(hour * 60)} y={H - 1} textAnchor="middle" className="fill-muted text-[9px]">
                {hour}:00
              </text>
            </g>
          ))}
          {lines(arc.points, false).map((points) => (
            <polyline key={points} points={points} fill="none" className="stroke-muted" strokeWidth="1.5" strokeDasharray="3 3" />
          ))}
          {lines(arc.points, true).map((points) => (
            <polyline key={`f${points}`} points={points} fill="none" stroke="#f59e0b" strokeWidth="4" strokeLinecap="round" />
          ))}
        </svg>
      ) : null}
      <figcaption className="mt-2 flex items-baseline justify-between gap-2">
        <span className="text-muted">{date}</span>
        <strong data-sun-minutes={minutes}>{duration}</strong>
      </figcaption>
    </figure>
  );
}
