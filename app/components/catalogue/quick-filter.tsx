import { Link } from 'react-router';
import { ROOM_CHOICES, serializeLotFilter } from '#core/catalogue/filter.ts';
import type { LotFilter } from '#core/catalogue/service.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { ChoiceChip } from './choice-chip.tsx';
import { useInstantGetForm } from './chip-filter.tsx';
import { filterQuery } from '#app/loaders/route-params.ts';

/**
 * The chessboard's and floor plan's own filter: rooms and "on sale only" as a GET form on the same page
 * (applied at once with JavaScript), the rest of the visitor's filter carried along in hidden fields,
 * and a way on to the full filter for this building.
 */
export function QuickFilter({
  path,
  filter,
  fullFilter,
  matching,
  keep = {},
}: {
  path: string;
  filter: LotFilter;
  fullFilter: LotFilter;
  matching?: number | undefined;
  /** The page's own parameters the form and its reset keep (the chessboard's `layer=sun`). */
  keep?: Record<string, string | undefined>;
}) {
  const t = useT();
  const lp = useLocalePath();
  const form = useInstantGetForm(path);
  const { rooms: _rooms, status: _status, ...kept } = filter;
  const own = Object.entries(keep).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const hidden = [...serializeLotFilter(kept).entries(), ...own];
  const active = serializeLotFilter(filter).size > 0;

  return (
    <form {...form} className="flex flex-wrap items-center gap-x-6 gap-y-3">
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t('catalogue.rooms.label')}</legend>
        <span aria-hidden="true" className="mr-1 text-sm font-semibold text-muted">
          {t('catalogue.rooms.label')}
        </span>
        {ROOM_CHOICES.map((choice) => (
          <ChoiceChip
            key={choice}
            name="rooms"
            value={choice}
            defaultChecked={filter.rooms?.includes(choice) ?? false}
            label={t(`catalogue.rooms.chip.${choice}`)}
            className="min-w-11 justify-center"
          />
        ))}
      </fieldset>
      <ChoiceChip
        name="status"
        value="free"
        defaultChecked={filter.status?.length === 1 && filter.status[0] === 'free'}
        label={t('catalogue.section.onlyFree')}
      />
      {/* Only for a page without scripts; hidden by CSS from the first paint otherwise, so nothing moves on hydration. */}
      <Button type="submit" size="md" className="[@media(scripting:enabled)]:hidden">
        {t('catalogue.filter.apply')}
      </Button>
      <div className="flex flex-wrap items-center gap-3 lg:ml-auto">
        {active && matching !== undefined ? (
          <p className="text-sm font-semibold text-brand-800" aria-live="polite">
            {t('catalogue.section.matching', { count: matching })}
          </p>
        ) : null}
        {active ? (
          <Link
            to={lp(path) + filterQuery({}, keep)}
            replace
            preventScrollReset
            className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-muted hover:bg-brand-50 hover:text-ink"
          >
            {t('catalogue.filter.reset')}
          </Link>
        ) : null}
        <Link
          to={lp('/filter') + filterQuery(fullFilter)}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          <Icon name="search" className="size-4" />
          {t('catalogue.section.moreFilters')}
        </Link>
      </div>
    </form>
  );
}
