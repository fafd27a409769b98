import { useState } from 'react';
import { Link } from 'react-router';
import type { LotFilter } from '#core/catalogue/service.ts';
import { showsListPrice, type FloorDetail } from '#core/catalogue/types.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { Legend } from './legend.tsx';
import { lotAccessibleName, useCatalogueFormat } from './format.ts';
import { PictureMap } from './picture-map.tsx';
import { lotMatchesFilter } from './lot-match.ts';
import { SelectionButton } from './selection-button.tsx';
import { SHAPE_FOCUS_ON_LIGHT } from './shape-focus.ts';
import { anyForRent, anyInAuction, anyReserved, shapeLook, STATUS_BADGE } from './status.ts';
import { pathBounds } from './svg-path.ts';

/**
 * The floor plan with each lot's outline: lots on sale and booked ones are links, sold ones are drawn but
 * not clickable. The list beside the plan names the same lots; pointing at either highlights both.
 */
export function FloorPlan({ floor, filter, filterActive }: { floor: FloorDetail; filter: LotFilter; filterActive: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const [active, setActive] = useState<string | null>(null);
  const { plan } = floor;
  const font = plan.width * 0.018;
  const lots = [...floor.lots].sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }));
  const matches = (lot: (typeof lots)[number]) => !filterActive || lotMatchesFilter(lot, filter);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.7fr)_minmax(20rem,1fr)] lg:items-start">
      <div>
        <div className="relative overflow-hidden rounded-3xl bg-white p-3 ring-1 ring-line sm:p-6">
          <PictureMap picture={plan} usage="floorPlan" label={t('catalogue.floor.planLabel')} priority imageClassName="[&_img]:object-contain">
            {lots.map((lot) => {
              const dim = !matches(lot);
              const shape = (
                <path
                  d={lot.shape}
                  vectorEffect="non-scaling-stroke"
                  data-active={active === lot.id ? '' : undefined}
                  className={`stroke-2 transition-[fill,opacity] data-active:stroke-[3] ${shapeLook(lot)} ${SHAPE_FOCUS_ON_LIGHT} ${dim ? 'opacity-30' : ''}`}
                />
              );
              if (lot.status === 'sold') {
                return (
                  <g key={lot.id} aria-hidden="true">
                    {shape}
                  </g>
                );
              }
              return (
                <Link
                  key={lot.id}
                  to={lp(lot.url)}
                  aria-label={lotAccessibleName(format, lot)}
                  className="group outline-none"
                  onMouseEnter={() => setActive(lot.id)}
                  onMouseLeave={() => setActive(null)}
                  onFocus={() => setActive(lot.id)}
                  onBlur={() => setActive(null)}
                >
                  {shape}
                </Link>
              );
            })}
            <g aria-hidden="true" className="pointer-events-none">
              {lots.map((lot) => (
                <ShapeLabel key={lot.id} shape={lot.shape} font={font} text={lot.number} muted={lot.status === 'sold'} />
              ))}
            </g>
          </PictureMap>
        </div>
        <Legend filterActive={filterActive} rent={anyForRent(lots)} auction={anyInAuction(lots)} reserved={anyReserved(lots)} />
      </div>
      <div className="rounded-3xl bg-white ring-1 ring-line">
        <h2 className="border-b border-line px-5 py-4 text-lg font-bold">{t('catalogue.floor.lotsOnFloor', { count: lots.length })}</h2>
        <ul className="divide-y divide-line">
          {lots.map((lot) => {
            const title = format.lotTitle(lot);
            const highlighted = active === lot.id;
            return (
              <li
                key={lot.id}
                className={`relative flex items-center gap-3 px-5 py-3 transition-colors ${highlighted ? 'bg-brand-50' : ''} ${matches(lot) ? '' : 'bg-paper/60 [&_a]:font-normal [&_a]:text-muted'}`}
                onMouseEnter={() => setActive(lot.id)}
                onMouseLeave={() => setActive(null)}
              >
                <div className="min-w-0 flex-1">
                  {lot.status === 'sold' ? (
                    <p className="font-semibold text-muted">{title}</p>
                  ) : (
                    <Link
                      to={lp(lot.url)}
                      onFocus={() => setActive(lot.id)}
                      onBlur={() => setActive(null)}
                      className="font-semibold after:absolute after:inset-0 hover:text-brand-800 focus-visible:outline-none after:focus-visible:outline-2 after:focus-visible:-outline-offset-2 after:focus-visible:outline-brand-500"
                    >
                      {title}
                    </Link>
                  )}
                  <p className="text-sm text-muted tabular-nums">
                    {format.area(lot.area)}
                    {showsListPrice(lot) ? ` · ${format.price(lot)}` : ''}
                  </p>
                </div>
                <span className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${STATUS_BADGE[lot.status]}`}>{format.lotStatus(lot)}</span>
                {lot.status !== 'sold' ? <SelectionButton lotId={lot.id} lotName={title} className="relative z-10 shrink-0" /> : null}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

function ShapeLabel({ shape, font, text, muted }: { shape: string; font: number; text: string; muted: boolean }) {
  const box = pathBounds(shape);
  if (!box) return null;
  return (
    <text x={box.cx} y={box.cy + font * 0.35} fontSize={font} textAnchor="middle" className={`font-bold ${muted ? 'fill-ink/40' : 'fill-ink'}`}>
      {text}
    </text>
  );
}
