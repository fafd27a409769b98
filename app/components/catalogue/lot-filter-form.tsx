import type { FormEvent, ReactNode } from 'react';
import {
  CHOICE_ITEMS,
  FILTER_GROUPS,
  FILTER_ITEMS,
  FLAG_ITEMS,
  itemApplies,
  RANGE_ITEMS,
  type ChoiceItem,
  type FlagItem,
  type RangeItem,
} from '#core/catalogue/filter-items.ts';
import type { LotFilter } from '#core/catalogue/service.ts';
import type { Facets, SpecItem } from '#core/catalogue/types.ts';
import { Button } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { useT } from '#app/lib/i18n.tsx';
import { ChoiceChip } from './choice-chip.tsx';
import { useCatalogueFormat } from './format.ts';
import { RangeSlider, type RangeValue } from './range-slider.tsx';
import type { ChosenRate } from '#core/currency/rates.ts';
import { PriceInCurrency } from '#app/components/currency/price-in-currency.tsx';

type ArrayName = ChoiceItem;
type RangeName = RangeItem;
type BooleanName = FlagItem;

// The form's controls follow the filter's items (core/catalogue/filter-items.ts): a specs item is drawn only
// when it names an item of its kind.
const ARRAY_NAMES: readonly string[] = CHOICE_ITEMS;
const RANGE_NAMES: readonly string[] = RANGE_ITEMS;
const BOOLEAN_NAMES: readonly string[] = FLAG_ITEMS;
/** Always in view (the items marked `main`); the rest fold into "more" (opened when one of them is set). */
const MAIN: readonly string[] = FILTER_ITEMS.filter((item) => item.main).map((item) => item.name);
/** Items of a group (the layout; the windows, view and sun) fold together under the group's name instead. */
const GROUP_OF = new Map(FILTER_ITEMS.flatMap((item) => (item.group ? [[item.name, item.group] as const] : [])));

export const FILTER_FORM_ID = 'lot-filter';

type Props = {
  specs: SpecItem[];
  facets: Facets;
  draft: LotFilter;
  onChange: (next: LotFilter) => void;
  action: string;
  /** Fields that belong to the page, not the filter (the results' layout), kept through a no-JavaScript submit. */
  hidden: Record<string, string | undefined>;
  pending: boolean;
  onReset: () => void;
  resetHref: string;
  /** With JavaScript the results already follow the form: "show" only takes the visitor to them. */
  onShow: () => void;
  /** The currency the price range is set in, with its rate (ADR 037); none: roubles. */
  priceRate?: ChosenRate | null;
};

/**
 * The lot filter as one GET form: every spec item that applies to the chosen lot types (choices as chips with live counts, ranges as two-thumb
 * sliders over number fields, yes/no options as chips). Without JavaScript the "show" button submits it;
 * with JavaScript every change goes through `onChange` and the page follows without reloading.
 */
export function LotFilterForm({ specs, facets, draft, onChange, action, hidden, pending, onReset, resetHref, onShow, priceRate = null }: Props) {
  const t = useT();
  const format = useCatalogueFormat();
  // Only the items that mean something for the chosen lot types: no rooms or euro layout for parking spaces.
  const shown = specs.filter((spec) => itemApplies(spec.name, draft.type));
  const main = shown.filter((spec) => MAIN.includes(spec.name));
  const rest = shown.filter((spec) => !MAIN.includes(spec.name) && !GROUP_OF.has(spec.name));
  const more = rest.filter((spec) => spec.kind !== 'boolean');
  const options = rest.filter((spec) => spec.kind === 'boolean');
  const moreActive = [...more, ...options].some((spec) => isSet(draft, spec.name));
  const groups = FILTER_GROUPS.map((group) => ({ group, specs: shown.filter((spec) => GROUP_OF.get(spec.name) === group) })).filter((g) => g.specs.length);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onShow();
  };

  const control = (spec: SpecItem) => (
    <SpecControl key={spec.name} spec={spec} facets={facets} draft={draft} onChange={onChange} format={format} priceRate={priceRate} />
  );

  return (
    <form
      id={FILTER_FORM_ID}
      method="get"
      action={`${action}#results`}
      onSubmit={onSubmit}
      aria-label={t('catalogue.filter.params')}
      className="flex flex-col gap-6"
    >
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      {draft.limit !== undefined ? <input type="hidden" name="limit" value={draft.limit} /> : null}
      {main.map(control)}
      {groups.map(({ group, specs: items }) => (
        <Fold key={group} title={t(`catalogue.filter.groups.${group}`)} open={items.some((spec) => isSet(draft, spec.name))}>
          {items.map((spec) =>
            spec.kind === 'boolean' ? (
              <div key={spec.name} className="flex flex-wrap gap-2">
                {control(spec)}
              </div>
            ) : (
              control(spec)
            ),
          )}
        </Fold>
      ))}
      {more.length || options.length ? (
        <Fold title={t('catalogue.filter.more')} open={moreActive}>
          {more.map(control)}
          {options.length ? <Group legend={t('catalogue.filter.options')}>{options.map(control)}</Group> : null}
        </Fold>
      ) : null}
      <div className="sticky bottom-0 -mx-5 flex items-center gap-3 border-t border-line bg-white/95 px-5 py-4 backdrop-blur sm:-mx-6 sm:px-6">
        <Button type="submit" size="lg" className="flex-1" aria-describedby="filter-count">
          {pending ? <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
          {t('catalogue.filter.show', { count: format.plural('catalogue.plural.lots', facets.count) })}
        </Button>
        <a
          href={resetHref}
          onClick={(event) => {
            event.preventDefault();
            onReset();
          }}
          className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold text-muted hover:bg-brand-50 hover:text-ink"
        >
          {t('catalogue.filter.resetShort')}
        </a>
      </div>
    </form>
  );
}

function isSet(filter: LotFilter, name: string): boolean {
  const record = filter as Record<string, unknown>;
  if (RANGE_NAMES.includes(name)) return record[`${name}_min`] !== undefined || record[`${name}_max`] !== undefined;
  const value = record[name];
  return Array.isArray(value) ? value.length > 0 : value !== undefined;
}

/** A fold of the form (more filters, a group of items): a disclosure the keyboard opens, open while one of its items is set. */
function Fold({ title, open, children }: { title: string; open: boolean; children: ReactNode }) {
  return (
    <details open={open} className="group rounded-2xl bg-paper/70 ring-1 ring-line">
      <summary className="fold-summary">
        {title}
        <Icon name="chevron-down" className="size-5 transition-transform group-open:rotate-180" />
      </summary>
      <div className="flex flex-col gap-6 px-4 pt-2 pb-5">{children}</div>
    </details>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="chips-legend">{legend}</legend>
      <div className="flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

function SpecControl({
  spec,
  facets,
  draft,
  onChange,
  format,
  priceRate,
}: {
  spec: SpecItem;
  facets: Facets;
  draft: LotFilter;
  onChange: (next: LotFilter) => void;
  format: ReturnType<typeof useCatalogueFormat>;
  priceRate: ChosenRate | null;
}) {
  const facet = facets.items[spec.name];

  if (spec.kind === 'choices' && ARRAY_NAMES.includes(spec.name)) {
    const name = spec.name as ArrayName;
    const selected: string[] = draft[name] ?? [];
    const toggle = (value: string, on: boolean) => {
      const next = on ? [...selected, value] : selected.filter((item) => item !== value);
      onChange({ ...draft, [name]: next.length ? next : undefined });
    };
    return (
      <Group legend={spec.label}>
        {spec.choices.map((choice) => (
          <ChoiceChip
            key={choice.value}
            name={name}
            value={choice.value}
            checked={selected.includes(choice.value)}
            onChange={(event) => toggle(choice.value, event.target.checked)}
            label={choice.label}
            count={facet?.choices ? (facet.choices[choice.value] ?? 0) : undefined}
            className={name === 'rooms' ? 'min-w-12 justify-center' : ''}
          />
        ))}
      </Group>
    );
  }

  if ((spec.kind === 'range' || spec.kind === 'ranges') && RANGE_NAMES.includes(spec.name)) {
    const name = spec.name as RangeName;
    const bounds = spec.kind === 'range' ? spec.range : { min: Math.min(...spec.ranges.map((r) => r.min)), max: Math.max(...spec.ranges.map((r) => r.max)) };
    const value: RangeValue = { min: draft[`${name}_min`], max: draft[`${name}_max`] };
    const item = FILTER_ITEMS.find((candidate) => candidate.name === name);
    const unit = item?.kind === 'range' ? item.unit : undefined;
    const show = unit === 'price' ? format.moneyCompact : unit === 'area' ? format.area : format.number;
    const setRange = (next: RangeValue) => onChange({ ...draft, [`${name}_min`]: next.min, [`${name}_max`]: next.max });
    if (name === 'price' && priceRate && spec.kind === 'range')
      return <PriceInCurrency spec={spec} facet={facet} draft={draft} onChange={onChange} rate={priceRate} />;
    return (
      <div>
        <RangeSlider
          name={name}
          label={spec.label}
          unit={spec.kind === 'range' ? spec.unit : undefined}
          bounds={bounds}
          available={facet?.range}
          value={value}
          onChange={setRange}
          format={show}
          step={item?.kind === 'range' && item.whole ? 1 : unit === 'area' && bounds.max - bounds.min <= 400 ? 1 : undefined}
        />
        {spec.kind === 'range' && spec.hint ? <p className="mt-1 text-xs text-muted">{spec.hint}</p> : null}
        {spec.kind === 'ranges' ? (
          <div className="mt-1 flex flex-wrap gap-2">
            {spec.ranges.map((range) => {
              const on = value.min === range.min && value.max === range.max;
              return (
                <button
                  key={range.label}
                  type="button"
                  aria-pressed={on}
                  onClick={() => setRange(on ? {} : { min: range.min, max: range.max })}
                  className="min-h-9 rounded-full bg-white px-3 text-sm font-semibold ring-1 ring-line hover:ring-brand-300 aria-pressed:bg-brand-700 aria-pressed:text-white aria-pressed:ring-brand-700"
                >
                  {range.label}
                </button>
              );
            })}
          </div>
        ) : null}
      </div>
    );
  }

  if (spec.kind === 'boolean' && BOOLEAN_NAMES.includes(spec.name)) {
    const name = spec.name as BooleanName;
    return (
      <ChoiceChip
        name={name}
        value="true"
        checked={draft[name] === true}
        onChange={(event) => onChange({ ...draft, [name]: event.target.checked ? true : undefined })}
        label={spec.label}
        count={facet?.count}
      />
    );
  }
  return null;
}
