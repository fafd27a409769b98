import { Link } from 'react-router';
import type { LotFilter } from '#core/catalogue/service.ts';
import { showsListPrice, type ChessCell, type SectionDetail } from '#core/catalogue/types.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { lotAccessibleName, useCatalogueFormat, type CatalogueFormat } from './format.ts';
import { lotMatchesFilter } from './lot-match.ts';
import { Legend } from './legend.tsx';
import { anyForRent, anyInAuction, anyReserved, cellLook, STATUS_DOT } from './status.ts';
import { SunLayerToggle, SunLegend, sunCellLook, sunCellWords } from './sun-layer.tsx';

/**
 * The section's "chessboard": floors (top first) by risers, each flat coloured by status. Flats on sale
 * and booked ones are links named in one sentence ("Кв. 45, 2 комнаты, 61,2 м², 12 400 000 ₽, в продаже");
 * pointing at or focusing one shows its figures; sold ones are plain text. Lots outside the visitor's
 * filter fade back, so the ones that fit stand out. `sunLayer` offers the sun layer (sun-layer.tsx): its link, and
 * while it is on, each cell shaded by its lot's sun on 21 March (`ChessCell.sun`) with its legend.
 */
export function Chessboard({
  section,
  filter,
  filterActive,
  caption,
  carry = '',
  legend = true,
  sunLayer,
}: {
  section: SectionDetail;
  filter: LotFilter;
  filterActive: boolean;
  caption: string;
  /** The filter's query string, carried on to the floor pages. */
  carry?: string;
  legend?: boolean;
  /** The sun layer: whether it is on, and the address that turns it the other way. */
  sunLayer?: { on: boolean; href: string };
}) {
  const t = useT();
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const numbers = section.floors.map((floor) => floor.number);
  const bounds = { lowest: Math.min(...numbers), highest: Math.max(...numbers) };
  const risers = Array.from({ length: section.risers }, (_, index) => index + 1);
  const sun = sunLayer?.on ?? false;
  return (
    <div>
      {sunLayer ? (
        <div className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-3">
          <SunLayerToggle on={sun} href={sunLayer.href} />
          {sun ? <SunLegend noFigures={section.floors.some((floor) => floor.cells.some((lot) => lot !== null && !lot.sun))} /> : null}
        </div>
      ) : null}
      {/* relative: the hidden labels of the header cells are placed inside the scroller, not beside the page */}
      <div className="relative -mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        {/* Left-aligned, not centred: on a slow line the browser paints the table while its rows still arrive, and a
            centred table would move sideways with every row (layout shift). */}
        <table className="border-separate border-spacing-1.5">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 bg-white px-1 text-left shadow-[-1rem_0_0_0_#fff,0.375rem_0_0_0_#fff] text-xs font-semibold text-muted"
              >
                {t('catalogue.section.floor')}
              </th>
              {risers.map((riser) => (
                <th key={riser} scope="col" className="text-xs font-normal text-muted">
                  <span className="sr-only">{t('catalogue.section.riser')} </span>
                  {riser}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.floors.map((floor, row) => (
              <tr key={floor.id}>
                {/* The floor stays in view while a phone scrolls the risers sideways. */}
                <th scope="row" className="chess-floor">
                  <Link to={lp(floor.url) + carry} aria-label={t('catalogue.section.floorLink', { floor: floor.number })} className="chess-floor-link">
                    {floor.number}
                  </Link>
                </th>
                {risers.map((riser, column) => {
                  const lot = floor.cells[column] ?? null;
                  return (
                    <td key={riser} className="p-0">
                      {lot ? (
                        <Cell
                          lot={lot}
                          format={format}
                          sun={sun}
                          dimmed={filterActive && !lotMatchesFilter(lot, filter, bounds)}
                          below={row < 2}
                          align={column === 0 ? 'start' : column >= risers.length - 1 ? 'end' : 'center'}
                        />
                      ) : (
                        <span className="block h-11 min-w-12 rounded-lg border border-dashed border-line sm:h-13 sm:min-w-17" />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {legend ? (
        <Legend
          filterActive={filterActive}
          rent={anyForRent(section.floors.flatMap((floor) => floor.cells))}
          auction={anyInAuction(section.floors.flatMap((floor) => floor.cells))}
          reserved={anyReserved(section.floors.flatMap((floor) => floor.cells))}
        />
      ) : null}
    </div>
  );
}

function Cell({
  lot,
  format,
  sun,
  dimmed,
  below,
  align,
}: {
  lot: ChessCell;
  format: CatalogueFormat;
  /** The sun layer is on: the cell's shade is its sun, its status a dot, its second line the hours. */
  sun: boolean;
  dimmed: boolean;
  below: boolean;
  align: 'start' | 'center' | 'end';
}) {
  const t = useT();
  const lp = useLocalePath();
  const sunWords = sun ? sunCellWords(lot, t) : null;
  const name = lotAccessibleName(format, lot) + (dimmed ? `, ${t('catalogue.section.notMatching')}` : '') + (sunWords ? `, ${sunWords}` : '');
  // Lots outside the filter turn neutral (a dot keeps their status) instead of fading: faded text would be unreadable.
  const look = `cell ${dimmed ? 'cell-dim' : sun ? sunCellLook(lot) : cellLook(lot)}`;
  const label = cellLabel(lot, t);
  // Wider screens have room for the area too: the figure buyers scan a chessboard for after rooms.
  const visible = (
    <span aria-hidden="true" className="flex flex-col items-center">
      <span>{label}</span>
      <span className="cell-area">{sun && lot.sun ? t('insolation.durationHours', { h: format.decimal(lot.sun.march / 60) }) : format.decimal(lot.area)}</span>
      {(dimmed || sun) && lot.status !== 'sold' ? <span className={`absolute top-1 right-1 size-1.5 rounded-full ${STATUS_DOT[lot.status]}`} /> : null}
    </span>
  );
  if (lot.status === 'sold') {
    return (
      <span className={look}>
        {visible}
        <span className="sr-only">{name}</span>
      </span>
    );
  }
  const position = `${below ? 'top-full mt-2' : 'bottom-full mb-2'} ${align === 'start' ? 'left-0' : align === 'end' ? 'right-0' : 'left-1/2 -translate-x-1/2'}`;
  return (
    // Named by its hidden sentence, not aria-label: the short visible "2 / 61,2" is a glance, the sentence is the name.
    <Link to={lp(lot.url)} className={`group ${look} focus-visible:z-20`}>
      {visible}
      <span className="sr-only">{name}</span>
      <span
        aria-hidden="true"
        className={`pointer-events-none invisible absolute z-30 w-60 rounded-2xl bg-ink p-4 text-left font-normal text-white opacity-0 shadow-xl transition-opacity group-hover:visible group-hover:opacity-100 group-focus:visible group-focus:opacity-100 ${position}`}
      >
        <span className="block font-bold">{format.lotTitle(lot)}</span>
        <span className="mt-1 block text-sm text-white/80">
          {format.area(lot.area)} · {format.floor(lot.floor)}
        </span>
        {showsListPrice(lot) ? (
          <>
            <span className="mt-2 block text-lg font-extrabold">{format.price(lot)}</span>
            <span className="block text-sm text-white/80">{format.lotPerM2(lot)}</span>
          </>
        ) : null}
        {sunWords ? <span className="mt-2 block text-sm text-white/80">{sunWords}</span> : null}
        <span className="mt-2 block text-xs font-semibold tracking-wide text-brand-200 uppercase">{format.lotStatus(lot)}</span>
      </span>
    </Link>
  );
}

/** "2", "С" (studio), "Е3" (euro layout), or the type's letter for non-residential lots. */
function cellLabel(lot: ChessCell, t: ReturnType<typeof useT>): string {
  if (lot.type !== 'flat' || lot.rooms === null) return t(`catalogue.chess.letter.${lot.type}`);
  if (lot.rooms === 0) return t('catalogue.chess.studio');
  return lot.euro ? t('catalogue.chess.euro', { count: lot.rooms }) : String(lot.rooms);
}
