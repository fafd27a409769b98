import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BuildingDetail } from '#core/catalogue/types.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { PictureMap } from './picture-map.tsx';
import { useCatalogueFormat } from './format.ts';
import { SHAPE_FOCUS_ON_PHOTO } from './shape-focus.ts';

type Facade = BuildingDetail['facade'];
type FacadeFloor = Facade['floors'][number];

/**
 * The building's facade with one band per floor: pointing at a band shows the floor and what is on sale,
 * choosing it opens that floor. Under the picture the same floors are a grid of links (top floor first),
 * which is easier to hit on a phone.
 */
export function FacadePicker({
  facade,
  floorHref,
  presale = false,
  children,
}: {
  facade: Facade;
  floorHref: (floor: FacadeFloor) => string;
  /** The project's sales have not started: no floor is "sold out". */
  presale?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const { image } = facade;
  const floors = [...facade.floors].sort((a, b) => b.number - a.number);
  const font = image.width * 0.024;
  const caption = (floor: FacadeFloor) => `${format.floor(floor.number)} · ${format.availability(floor.lotsLeft, presale)}`;

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,30rem)_minmax(0,1fr)] lg:items-start xl:gap-12">
      <PictureMap
        picture={image}
        usage="facade"
        label={t('catalogue.building.facadeLabel')}
        priority
        className="overflow-hidden rounded-3xl bg-brand-900 lg:sticky lg:top-24"
      >
        {floors.map((floor) => (
          <Link key={floor.number} to={lp(floorHref(floor))} aria-label={caption(floor)} className="group outline-none">
            <rect
              x="0"
              y={floor.top}
              width={image.width}
              height={floor.height}
              vectorEffect="non-scaling-stroke"
              className={`stroke-white/0 transition-colors ${floor.lotsLeft > 0 ? 'fill-white/0 group-hover:fill-brand-500/50 group-focus-visible:fill-brand-500/50' : 'fill-white/0 group-hover:fill-ink/35 group-focus-visible:fill-ink/35'} ${SHAPE_FOCUS_ON_PHOTO}`}
            />
            <g className="opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100" aria-hidden="true">
              <rect
                x={image.width * 0.03}
                y={floor.top + floor.height / 2 - font * 0.95}
                width={caption(floor).length * font * 0.56 + font * 1.4}
                height={font * 1.9}
                rx={font * 0.5}
                className="fill-white"
              />
              <text x={image.width * 0.03 + font * 0.7} y={floor.top + floor.height / 2 + font * 0.35} fontSize={font} className="fill-ink font-semibold">
                {caption(floor)}
              </text>
            </g>
          </Link>
        ))}
      </PictureMap>
      <div className="flex min-w-0 flex-col gap-10">
        <nav aria-labelledby="facade-floors-title">
          <h2 id="facade-floors-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
            {t('catalogue.building.chooseFloor')}
          </h2>
          <ul className="mt-4 grid grid-cols-5 gap-2 sm:grid-cols-8 xl:grid-cols-10">
            {floors.map((floor) => (
              <li key={floor.number}>
                <Link
                  to={lp(floorHref(floor))}
                  className={`flex min-h-12 flex-col items-center justify-center rounded-xl text-center ring-1 transition-colors ${floor.lotsLeft > 0 ? 'bg-white ring-line hover:bg-brand-50 hover:ring-brand-300' : 'bg-paper text-muted ring-line'}`}
                >
                  <span aria-hidden="true" className="font-bold tabular-nums">
                    {floor.number}
                  </span>
                  <span aria-hidden="true" className={`text-xs tabular-nums ${floor.lotsLeft > 0 ? 'text-brand-700' : ''}`}>
                    {floor.lotsLeft > 0 ? floor.lotsLeft : '—'}
                  </span>
                  <span className="sr-only">{caption(floor)}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-muted">{t('catalogue.building.floorsHint')}</p>
        </nav>
        {children}
      </div>
    </div>
  );
}
