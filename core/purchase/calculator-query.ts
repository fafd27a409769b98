import { z } from 'zod';
import { LOT_TYPES } from '../catalogue/types.ts';
import {
  applicable,
  CALCULATOR_FIELDS,
  CALCULATOR_LIMITS,
  defaultState,
  type CalculatorField,
  type CalculatorSetup,
  type CalculatorState,
} from './calculator.ts';

/**
 * The calculator's query parameters (the GET form's, the URL's), read on the server only: zod stays out of the
 * browser's bundle, which computes from the state the page was rendered with.
 */

/** A figure as typed: spaces (any kind) and group marks dropped, a decimal comma read as a point; NaN when not a number. */
function figure(text: string): number {
  const plain = text.replace(/[\s\u00a0\u202f']/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : Number.NaN;
}

const number = z
  .string()
  .max(40)
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : figure(v)))
  .catch(Number.NaN);
const choice = (pattern: RegExp) =>
  z
    .string()
    .optional()
    .transform((v, ctx): string | null | undefined => {
      const value = v?.trim() ?? '';
      if (value === '' || value === 'all') return undefined;
      if (!pattern.test(value)) ctx.addIssue({ code: 'custom', message: 'unknown' });
      return value;
    })
    .catch(null);

/**
 * The calculator's query parameters, as the GET form sends them and the URL keeps them. Never fails: a value that
 * is not a number reads as NaN and an unknown choice as null, and `readCalculator` puts back a default and says so.
 * `down_sum` is the down payment in roubles, and `down_sum_was` the sum the form was rendered with: a form sent
 * without JavaScript says which of the two down-payment fields the visitor changed.
 */
export const calculatorQuery = z.object({
  price: number,
  down: number,
  down_sum: number,
  down_sum_was: number,
  years: number,
  months: number,
  programme: choice(/^[a-z0-9][a-z0-9_-]{0,63}$/),
  type: choice(/^[a-z]{1,20}$/),
  project: choice(/^[A-Za-z0-9_-]{1,64}$/),
});

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const hundredths = (x: number) => Math.round(x * 100) / 100;

/**
 * The state a query asks for, each value clamped into the calculator's limits; `adjusted` names the fields whose
 * value was out of range or unreadable (the form says so in the visitor's language), never an error page.
 */
export function readCalculator(
  query: URLSearchParams | Record<string, string>,
  setup: CalculatorSetup,
): { state: CalculatorState; adjusted: CalculatorField[] } {
  const raw = calculatorQuery.parse(query instanceof URLSearchParams ? Object.fromEntries(query) : query);
  const state = defaultState(setup);
  const adjusted = new Set<CalculatorField>();
  const read = (field: 'price' | 'down' | 'years' | 'months', value: number | undefined, fallback: number, round: (x: number) => number) => {
    if (value === undefined) return fallback;
    if (!Number.isFinite(value)) return (adjusted.add(field), fallback);
    const { min, max } = CALCULATOR_LIMITS[field];
    const kept = clamp(round(value), min, max);
    if (kept !== value) adjusted.add(field);
    return kept;
  };

  if (setup.fixedPrice === null) state.price = read('price', raw.price, state.price, Math.round);
  // The roubles field wins when the visitor changed it; otherwise the percentage (kept when only the price changed).
  const sumChanged = raw.down_sum !== undefined && Number.isFinite(raw.down_sum) && raw.down_sum !== raw.down_sum_was;
  state.down = read('down', sumChanged ? hundredths((raw.down_sum! / state.price) * 100) : raw.down, state.down, hundredths);
  state.years = read('years', raw.years, state.years, Math.round);
  state.months = read('months', raw.months, state.months, Math.round);

  if (setup.fixedType === null && raw.type !== undefined) {
    const type = LOT_TYPES.find((t) => t === raw.type);
    if (type && setup.types.includes(type)) state.type = type;
    else adjusted.add('type');
  }
  if (setup.fixedProject === null && raw.project !== undefined) {
    if (raw.project !== null && setup.projects.includes(raw.project)) state.project = raw.project;
    else adjusted.add('project');
  }
  if (raw.programme !== undefined) {
    if (raw.programme !== null && applicable(setup, state).some((p) => p.id === raw.programme)) state.programme = raw.programme;
    else adjusted.add('programme');
  }
  return { state, adjusted: CALCULATOR_FIELDS.filter((f) => adjusted.has(f)) };
}
