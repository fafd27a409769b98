import { Link } from 'react-router';
import type { ProjectDetail } from '#core/catalogue/types.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { PictureMap } from './picture-map.tsx';
import { useCatalogueFormat } from './format.ts';
import { pathBounds } from './svg-path.ts';

type Genplan = ProjectDetail['genplan'];

/**
 * The interactive master plan: each building's outline is a link over the picture (focusable, named with
 * its lots on sale), with a badge at its centre. The same buildings follow as a plain list, which is what
 * a phone user taps and what a screen reader lists.
 */
export function GenplanMap({ genplan, search = '', presale = false }: { genplan: Genplan; search?: string; presale?: boolean }) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const { image, buildings } = genplan;
  // Badges are sized in the picture's own units, so they keep their place at any width.
  const font = image.width * 0.0125;

  const caption = (lotsLeft: number) => format.availability(lotsLeft, presale);

  return (
    <div>
      <PictureMap picture={image} usage="genplan" label={t('catalogue.genplan.label')} className="overflow-hidden rounded-3xl bg-brand-900">
        {buildings.map((building) => {
          const box = pathBounds(building.outline);
          const lines = [building.name, caption(building.lotsLeft)];
          // To a tenth of a unit: a float's tail (233.60000000000002) would be bytes of every page with a plan.
          const badgeWidth = Math.round((Math.max(...lines.map((line) => line.length)) * font * 0.56 + font * 1.6) * 10) / 10;
          const badgeHeight = font * 3.4;
          return (
            <Link
              key={building.id}
              to={lp(building.url) + search}
              aria-label={`${building.name}, ${caption(building.lotsLeft)}`}
              className="group outline-none"
            >
              <path d={building.outline} vectorEffect="non-scaling-stroke" className="genplan-shape" />
              {/* On a phone the badges would cover each other: the list under the plan names each building there. */}
              {box ? (
                <g transform={`translate(${box.cx} ${box.cy})`}>
                  <g className="genplan-badge">
                    <rect
                      x={-badgeWidth / 2}
                      y={-badgeHeight / 2}
                      width={badgeWidth}
                      height={badgeHeight}
                      rx={font * 0.8}
                      className={building.lotsLeft > 0 ? 'fill-white' : 'fill-paper'}
                    />
                    {/* One text with a space between the lines, so the link's visible text reads as its name does. */}
                    <text textAnchor="middle" fontSize={font}>
                      <tspan x="0" y={-font * 0.25} className="fill-ink font-bold">
                        {building.name}
                      </tspan>{' '}
                      <tspan x="0" y={font * 1.05} fontSize={font * 0.85} className={building.lotsLeft > 0 ? 'fill-brand-700' : 'fill-muted'}>
                        {lines[1]}
                      </tspan>
                    </text>
                  </g>
                </g>
              ) : null}
            </Link>
          );
        })}
      </PictureMap>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-4" aria-label={t('catalogue.genplan.buildings')}>
        {buildings.map((building) => (
          <li key={building.id}>
            <Link to={lp(building.url) + search} className="group genplan-link">
              <span>
                <span className="block font-bold">{building.name}</span>
                <span className={`block text-sm tabular-nums ${building.lotsLeft > 0 ? 'text-brand-700' : 'text-muted'}`}>{caption(building.lotsLeft)}</span>
              </span>
              <Icon name="chevron-right" className="genplan-arrow" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
