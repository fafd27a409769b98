import type { LotType } from '../catalogue/types.ts';
import { applies, byPayment, quote, type BestQuote } from './payments.ts';
import { DEFAULT_TERMS, type FinanceProgramme, type PaymentTerms } from './types.ts';

/**
 * The payment calculator's state and results, the same on the server (the GET form's answer, what crawlers and
 * visitors without JavaScript see) and in the browser (live as the visitor types): only `payments.ts` computes.
 */

/** The purchase pages (`/purchase/…` slugs) and the programmes each one shows. */
export const PURCHASE_PAGES = {
  'purchase/mortgage': (p: FinanceProgramme) => p.kind !== 'installment',
  'purchase/family-mortgage': (p: FinanceProgramme) => p.mortgageKind === 'family',
  'purchase/it-mortgage': (p: FinanceProgramme) => p.mortgageKind === 'it',
  'purchase/installment': (p: FinanceProgramme) => p.kind === 'installment',
  // A trade-in buyer pays what the old flat does not cover with a mortgage or an instalment plan.
  'purchase/trade-in': () => true,
} as const satisfies Record<string, (p: FinanceProgramme) => boolean>;
export type PurchasePageSlug = keyof typeof PURCHASE_PAGES;
export const isPurchasePage = (slug: string): slug is PurchasePageSlug => Object.hasOwn(PURCHASE_PAGES, slug);

/** What the calculator takes at all; each programme then clamps the terms into its own bounds (`quote`). */
export const CALCULATOR_LIMITS = {
  price: { min: 100_000, max: 2_000_000_000 },
  /** A down payment of the whole price leaves nothing to finance. */
  down: { min: 0, max: 90 },
  years: { min: 1, max: 30 },
  months: { min: 1, max: 60 },
} as const;

export const CALCULATOR_FIELDS = ['price', 'down', 'years', 'months', 'programme', 'type', 'project'] as const;
export type CalculatorField = (typeof CALCULATOR_FIELDS)[number];

/** The visitor's choices; `programme` and `project` null: every programme that applies, any project. */
export type CalculatorState = {
  price: number;
  /** Down payment, % of the price (two decimals at most: a sum typed in roubles becomes one). */
  down: number;
  /** A mortgage's term, years. */
  years: number;
  /** An instalment plan's term, months. */
  months: number;
  programme: string | null;
  type: LotType;
  project: string | null;
};

/** What a page fixes and offers: its programmes (in force on `day`), and what the visitor may not change. */
export type CalculatorSetup = {
  programmes: FinanceProgramme[];
  day: string;
  /** The lot page's lot: special offers for named lots apply to it. */
  lotId: string | null;
  /** The lot's price (lot page); null: the visitor types one, starting at `presetPrice`. */
  fixedPrice: number | null;
  presetPrice: number;
  /** The lot's kind (lot page); null: the visitor chooses among `types`. */
  fixedType: LotType | null;
  types: LotType[];
  /** The page's project (lot and project pages); null: the visitor may choose one of `projects`, or none. */
  fixedProject: string | null;
  projects: string[];
};

/** What a page's calculator renders from, on the server and in the browser: the setup, the state its query asked for. */
export type CalculatorModel = {
  setup: CalculatorSetup;
  initial: CalculatorState;
  /** Fields whose value in the query was out of range or unreadable, and was replaced. */
  adjusted: CalculatorField[];
  /** Bank id → its name in the page's language. */
  banks: Record<string, string>;
  /** The projects on sale, for the project choice and the offers' "only in" line. */
  projects: { id: string; name: string }[];
};

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The longest instalment plan among the programmes: the months the calculator starts with (each plan is cut to its own). */
function defaultMonths(programmes: readonly FinanceProgramme[]): number {
  const months = programmes.filter((p) => p.kind === 'installment').map((p) => p.maxTermMonths);
  return clamp(months.length ? Math.max(...months) : 12, CALCULATOR_LIMITS.months.min, CALCULATOR_LIMITS.months.max);
}

export function defaultState(setup: CalculatorSetup): CalculatorState {
  return {
    price: setup.fixedPrice ?? setup.presetPrice,
    down: DEFAULT_TERMS.downPaymentPercent,
    years: DEFAULT_TERMS.termMonths / 12,
    months: defaultMonths(setup.programmes),
    programme: null,
    type: setup.fixedType ?? setup.types[0] ?? 'flat',
    project: setup.fixedProject,
  };
}

/** The query that gives `state` back (what the URL keeps): only what the page lets the visitor choose. */
export function calculatorSearch(state: CalculatorState, setup: CalculatorSetup): [string, string][] {
  const out: [string, string][] = [];
  if (setup.fixedPrice === null) out.push(['price', String(state.price)]);
  out.push(['down', String(state.down)], ['years', String(state.years)], ['months', String(state.months)]);
  if (setup.fixedType === null) out.push(['type', state.type]);
  if (setup.fixedProject === null && state.project) out.push(['project', state.project]);
  if (state.programme) out.push(['programme', state.programme]);
  return out;
}

/**
 * The programmes that finance what the state describes. With no project chosen, a programme of some projects
 * only is still quoted (the offer names its projects); a special offer for named lots only on its lot's page.
 */
export function applicable(setup: CalculatorSetup, state: CalculatorState): FinanceProgramme[] {
  const lot = { id: setup.lotId ?? '', projectId: state.project ?? '', type: state.type, offer: 'sale' as const, price: state.price };
  return setup.programmes.filter((p) => applies(state.project === null && p.lots.length === 0 ? { ...p, projects: [] } : p, lot, setup.day));
}

/** Each programme's terms from the state: a mortgage's in years, an instalment plan's in months. */
export const termsFor = (p: FinanceProgramme, state: CalculatorState): PaymentTerms => ({
  downPaymentPercent: state.down,
  termMonths: p.kind === 'installment' ? state.months : state.years * 12,
});

/** Every applicable offer (the chosen programme only, when it applies), lowest monthly payment first. */
export function calculatorOffers(setup: CalculatorSetup, state: CalculatorState): BestQuote[] {
  const programmes = applicable(setup, state);
  const chosen = state.programme ? programmes.filter((p) => p.id === state.programme) : [];
  const out: BestQuote[] = [];
  for (const programme of chosen.length ? chosen : programmes) {
    const q = quote(programme, state.price, termsFor(programme, state));
    if (q) out.push({ programme, quote: q });
  }
  return out.sort(byPayment);
}

/** What a request from the calculator tells the sales team (the lead's `context`, core/schemas/lead.ts). */
export type FinanceContext = { programme: string; price: number; down_payment: number; term_months: number; monthly_payment: number };

/** The chosen offer (the best one when every programme is shown) as the lead carries it; null when none applies. */
export function financeContext(offers: readonly BestQuote[]): FinanceContext | null {
  const offer = offers[0];
  if (!offer) return null;
  const q = offer.quote;
  return { programme: offer.programme.id, price: q.price, down_payment: q.downPayment, term_months: q.termMonths, monthly_payment: q.monthly };
}
