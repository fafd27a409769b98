import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { applicable, calculatorOffers, calculatorSearch, type CalculatorModel, type CalculatorState } from '#core/purchase/calculator.ts';

/** The anchor of a page's calculator: the form without JavaScript comes back to it. */
export const CALCULATOR_ID = 'calculator';

/** Every parameter the calculator's form sends: the URL is cleared of them before the state's own are written. */
const QUERY_KEYS = ['price', 'down', 'down_sum', 'down_sum_was', 'years', 'months', 'type', 'project', 'programme'];

/** Writes the URL this long after the last change: typing a price is one history entry's update, not twelve. */
const URL_DELAY_MS = 250;

/**
 * One calculator's state and results. The server renders the state its loader read from the query; in the browser
 * every change is computed here with the same core functions, and the URL keeps the state (replaced, not pushed,
 * with React Router's own history state kept) so a reload or a shared link shows the same figures.
 */
export function useCalculator(model: CalculatorModel) {
  const [state, setState] = useState<CalculatorState>(model.initial);
  const offers = useMemo(() => calculatorOffers(model.setup, state), [model.setup, state]);
  const choices = useMemo(() => applicable(model.setup, state), [model.setup, state]);
  const changed = useRef(false);

  useEffect(() => {
    if (!changed.current) return;
    const timer = setTimeout(() => {
      const url = new URL(window.location.href);
      for (const key of QUERY_KEYS) url.searchParams.delete(key);
      for (const [key, value] of calculatorSearch(state, model.setup)) url.searchParams.set(key, value);
      window.history.replaceState(window.history.state, '', url);
    }, URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, model.setup]);

  return {
    model,
    state,
    offers,
    choices,
    update(patch: Partial<CalculatorState>) {
      changed.current = true;
      setState((current) => ({ ...current, ...patch }));
    },
  };
}
export type Calculator = ReturnType<typeof useCalculator>;

/** The page's calculator, for the pieces drawn apart from it (the lot panel's summary, the request form). */
export const CalculatorContext = createContext<Calculator | null>(null);
export const useCalculatorContext = (): Calculator | null => useContext(CalculatorContext);
