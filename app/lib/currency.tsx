import { createContext, useContext, type ReactNode } from 'react';
import type { ChosenRate, CurrencyCode } from '#core/currency/rates.ts';

/**
 * The visitor's currency (ADR 037), as the root loader read it from the `currency` cookie: the code chosen, and its
 * rate when the Bank of Russia's rates are fresh (null: stale or none, roubles only). Null for a visitor without a
 * choice — every first visit — whose page is the same for all (public, cacheable).
 */
export type VisitorCurrency = { code: CurrencyCode; rate: ChosenRate | null } | null;

const CurrencyContext = createContext<VisitorCurrency>(null);

export function CurrencyProvider({ value, children }: { value: VisitorCurrency; children: ReactNode }) {
  return <CurrencyContext value={value}>{children}</CurrencyContext>;
}

/** The visitor's currency and its rate, or null (roubles only). */
export function useVisitorCurrency(): VisitorCurrency {
  return useContext(CurrencyContext);
}

/** The rate a price is converted at, or null when nothing is to be shown beside the roubles. */
export function useChosenRate(): ChosenRate | null {
  return useContext(CurrencyContext)?.rate ?? null;
}
