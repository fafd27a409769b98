import { useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { useT } from '#app/lib/i18n.tsx';
import { useCatalogueFormat } from './format.ts';
import { useHydrated } from '#app/lib/hydration.ts';

export type RangeValue = { min?: number | undefined; max?: number | undefined };

type Props = {
  /** The filter's range name: the number inputs are `{name}_min` and `{name}_max`, as the URL codec reads them. */
  name: string;
  label: string;
  /** The whole catalogue's bounds (the track). */
  bounds: { min: number; max: number };
  /** What the current filter still offers (shown as placeholders), when known. */
  available?: { min: number; max: number } | null | undefined;
  value: RangeValue;
  onChange: (value: RangeValue) => void;
  format: (value: number) => string;
  step?: number;
  unit?: string | undefined;
};

/** A step that gives about a hundred positions on the track: 100 000 ₽ for prices, 1 m² for areas. */
export function niceStep(bounds: { min: number; max: number }): number {
  const span = bounds.max - bounds.min;
  if (span <= 100) return 1;
  return 10 ** Math.floor(Math.log10(span / 100));
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * A two-thumb range. The number inputs are the form fields (they work without JavaScript and take exact
 * figures); the two native range thumbs join them once the page is interactive, each keyboard-operable
 * and announced with its formatted value.
 */
export function RangeSlider({ name, label, bounds, available, value, onChange, format, step = niceStep(bounds), unit }: Props) {
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  // The track snaps to whole steps, so its ends are widened to the step grid: a typed round figure
  // (20 000 000) is then a position the thumb can take, not the nearest one to it.
  const track = { min: Math.floor(bounds.min / step) * step, max: Math.ceil(bounds.max / step) * step };
  const low = value.min ?? track.min;
  const high = value.max ?? track.max;
  const span = Math.max(track.max - track.min, 1);
  const lowPct = ((clamp(low, track.min, track.max) - track.min) / span) * 100;
  const highPct = ((clamp(high, track.min, track.max) - track.min) / span) * 100;

  // A thumb pushed to an end means "no limit"; typed figures are kept as typed (a "5" on its way to "5000000").
  const onLow = (event: ChangeEvent<HTMLInputElement>) => {
    const min = Math.min(Number(event.target.value), high);
    onChange({ min: min <= track.min ? undefined : min, max: value.max });
  };
  const onHigh = (event: ChangeEvent<HTMLInputElement>) => {
    const max = Math.max(Number(event.target.value), low);
    onChange({ min: value.min, max: max >= track.max ? undefined : max });
  };

  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold">
        {label}
        {unit ? <span className="font-normal text-muted">, {unit}</span> : null}
      </legend>
      <div className="range-box">
        <NumberBound
          grouped={hydrated}
          id={`${id}-min`}
          name={`${name}_min`}
          prefix={t('catalogue.filter.from')}
          label={t('catalogue.filter.rangeFrom', { label })}
          value={value.min}
          placeholder={format(available?.min ?? bounds.min)}
          onCommit={(min) => onChange({ min, max: value.max })}
        />
        <NumberBound
          grouped={hydrated}
          id={`${id}-max`}
          name={`${name}_max`}
          prefix={t('catalogue.filter.to')}
          label={t('catalogue.filter.rangeTo', { label })}
          value={value.max}
          placeholder={format(available?.max ?? bounds.max)}
          onCommit={(max) => onChange({ min: value.min, max })}
          className="border-l border-line"
        />
      </div>
      {hydrated ? (
        <div className="relative mt-1 h-8">
          {/* The track runs between the thumbs' centres at either end, as the browser places them. */}
          <div aria-hidden="true" className="absolute inset-x-3 top-1/2 h-1 -translate-y-1/2">
            <svg className="block size-full" viewBox="0 0 100 4" preserveAspectRatio="none">
              <rect x="0" y="0" width="100" height="4" className="fill-line" />
              <rect x={lowPct} y="0" width={Math.max(highPct - lowPct, 0)} height="4" className="fill-brand-700" />
            </svg>
          </div>
          <input
            type="range"
            className="range-thumb"
            min={track.min}
            max={track.max}
            step={step}
            value={low}
            onChange={onLow}
            aria-label={t('catalogue.filter.rangeFrom', { label })}
            aria-valuetext={format(low)}
          />
          <input
            type="range"
            className="range-thumb"
            min={track.min}
            max={track.max}
            step={step}
            value={high}
            onChange={onHigh}
            aria-label={t('catalogue.filter.rangeTo', { label })}
            aria-valuetext={format(high)}
          />
        </div>
      ) : (
        // Keeps the height the thumbs will take, so nothing jumps when they appear.
        <div aria-hidden="true" className="mt-1 h-8" />
      )}
    </fieldset>
  );
}

/**
 * One bound's field. Server-rendered (and without JavaScript) it is a plain number input; once the page is
 * interactive it groups digits as they are typed, like every figure on the site («12 500 000», "12,500,000"),
 * keeping the caret after the same digit, and a hidden field carries the plain number the URL keeps.
 */
function NumberBound({
  grouped,
  id,
  name,
  prefix,
  label,
  value,
  placeholder,
  onCommit,
  className = '',
}: {
  grouped: boolean;
  id: string;
  name: string;
  prefix: string;
  label: string;
  value: number | undefined;
  placeholder: string;
  onCommit: (value: number | undefined) => void;
  className?: string;
}) {
  const format = useCatalogueFormat();
  const shownText = (number: number | undefined) => (number === undefined ? '' : grouped ? format.typing(String(number)).text : String(number));
  const [text, setText] = useState(() => shownText(value));
  const [shown, setShown] = useState({ value, grouped });
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  // The thumbs or a link changed the value, or the field became interactive: show it, unless it is what is being
  // typed ("12," stays).
  if (shown.value !== value || shown.grouped !== grouped) {
    setShown({ value, grouped });
    const typed = grouped ? format.typing(text).value : text.trim() === '' ? undefined : Number(text);
    if (typed !== value || shown.grouped !== grouped) setText(shownText(value));
  }
  useLayoutEffect(() => {
    if (caret.current === null || document.activeElement !== input.current) return;
    input.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!grouped) {
      setText(event.target.value);
      const raw = event.target.value.trim();
      if (raw === '') onCommit(undefined);
      else if (Number.isFinite(Number(raw))) onCommit(Number(raw));
      return;
    }
    const typed = format.typing(event.target.value, event.target.selectionStart ?? event.target.value.length);
    if (!typed.valid) return; // a letter: the field keeps what it had
    caret.current = typed.caret;
    setText(typed.text);
    onCommit(typed.value);
  };

  return (
    <label htmlFor={id} className={`flex min-h-12 items-center gap-2 px-3 ${className}`}>
      <span className="text-sm text-muted">{prefix}</span>
      <input
        ref={input}
        id={id}
        {...(grouped ? { type: 'text', autoComplete: 'off' } : { name, type: 'number', step: 'any' })}
        inputMode="decimal"
        value={text}
        onChange={onChange}
        placeholder={placeholder}
        aria-label={label}
        className="range-input"
      />
      {grouped && value !== undefined ? <input type="hidden" name={name} value={value} /> : null}
    </label>
  );
}
