import { LOT_STATUSES } from '#core/catalogue/types.ts';
import { useT } from '#app/lib/i18n.tsx';
import { DIMMED_CELL, RENT_SWATCH, STATUS_SWATCH } from './status.ts';

/**
 * The statuses' colours in words, for the chessboard and the floor plan: a module of its own, so the floor plan does
 * not load the chessboard's code (and its sun layer's words) to name them.
 */
export function Legend({
  filterActive = false,
  rent = false,
  auction = false,
  reserved = false,
  className = 'mt-4',
}: {
  filterActive?: boolean;
  rent?: boolean;
  /** Names the auction look: some lot shown is in an auction. */
  auction?: boolean;
  /** Names the reserved look: some lot shown is reserved online (a held lot looks reserved: one entry for both). */
  reserved?: boolean;
  className?: string;
}) {
  const t = useT();
  return (
    <ul className={`flex flex-wrap items-center gap-x-5 gap-y-2 text-sm ${className}`} aria-label={t('catalogue.legend.label')}>
      {LOT_STATUSES.filter((status) => status !== 'held' && (status !== 'auction' || auction) && (status !== 'reserved' || reserved)).map((status) => (
        <li key={status} className="flex items-center gap-2">
          <span aria-hidden="true" className={`size-4 rounded ring-1 ring-inset ${STATUS_SWATCH[status]}`} />
          {t(`catalogue.status.${status}`)}
        </li>
      ))}
      {rent ? (
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className={`size-4 rounded ring-1 ring-inset ${RENT_SWATCH}`} />
          {t('catalogue.rentStatus.free')}
        </li>
      ) : null}
      {filterActive ? (
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className={`size-4 rounded ring-1 ring-inset ${DIMMED_CELL}`} />
          {t('catalogue.legend.notMatching')}
        </li>
      ) : null}
    </ul>
  );
}
