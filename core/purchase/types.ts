import type { LotType } from '../catalogue/types.ts';
import type { LibraryLook } from '../image/media.ts';
import type { Localized } from '../schemas/localized.ts';

/**
 * How to pay for a lot: the developer's finance programmes, as the purchase calls (spec §7 `/api/new/loan_offer/`,
 * `/api/new/installment/`, `/api/special_mortgage_offer/`, `/api/purchase_informer/`), the calculators, the lot
 * cards' "from N ₽ a month", the filter's monthly-payment range and the lead's CRM payload all read them.
 *
 * Three kinds share one shape:
 * - `mortgage`: a partner bank's programme (standard, family, IT, military, developer-subsidised);
 * - `special`: a special mortgage offer, a subsidised rate for named lots or projects until a date;
 * - `installment`: the developer's own instalment plan (no interest; a markup on the amount spread).
 */
export const FINANCE_KINDS = ['mortgage', 'special', 'installment'] as const;
export type FinanceKind = (typeof FINANCE_KINDS)[number];

/** A mortgage programme's kind: the state programmes (family, IT, military) finance flats only. */
export const MORTGAGE_KINDS = ['standard', 'family', 'it', 'military', 'subsidised'] as const;
export type MortgageKind = (typeof MORTGAGE_KINDS)[number];
/** Kinds that the state's rules limit to flats (residential premises): never parking, storage or commercial premises. */
export const FLAT_ONLY_KINDS: readonly MortgageKind[] = ['family', 'it', 'military'];

/** A bank: `logoLook` is its logo's look and alt text in the media library (issue #42), when the library has it. */
export type Bank = { id: string; name: Localized; logo: string | null; logoLook?: LibraryLook | null; position: number };

/** One finance programme as stored (dates as `YYYY-MM-DD`; percentages as numbers, 5.9 = 5.9 %). */
export type FinanceProgramme = {
  id: string;
  kind: FinanceKind;
  /** The lending bank (mortgages and special offers); null for the developer's instalment plans. */
  bankId: string | null;
  /** The mortgage programme's kind; null for instalment plans. */
  mortgageKind: MortgageKind | null;
  name: Localized;
  conditions: Localized;
  /** Annual interest rate, %; 0 for instalment plans. */
  rate: number;
  /** Markup on the amount spread, % (instalment plans); 0 for mortgages. */
  markup: number;
  /** Smallest down payment, % of the price. */
  minDownPayment: number;
  /** Longest term, months (a mortgage's 30 years = 360; an instalment plan's 24 months). */
  maxTermMonths: number;
  /**
   * An instalment plan paid off by the building's completion («до сдачи»): for a lot, its term is also capped by the
   * months left to its building's completion quarter (`termCap`), and it finances no lot of a building handed over.
   */
  untilCompletion: boolean;
  /** Largest loan in roubles (e.g. 6,000,000 for the family mortgage in Moscow); null: no limit. */
  maxLoan: number | null;
  /** Projects (catalogue ids) it applies to; empty: every project. */
  projects: string[];
  /** Kinds of lot it applies to. */
  lotTypes: LotType[];
  /** Lots (catalogue ids) it applies to, for special offers on named lots; empty: every lot of those projects and kinds. */
  lots: string[];
  validFrom: string;
  /** Last day it applies; null: until withdrawn. */
  validTo: string | null;
  position: number;
};

/**
 * What a lot must tell to find the programmes that apply to it. `completion` is its building's quarter (`2027-Q2`;
 * null once handed over): a plan "until completion" is capped by it; left out (a calculator with no lot), no cap.
 */
export type FinanceLot = { id: string; projectId: string; type: LotType; offer: 'sale' | 'rent' | 'presale'; price: number; completion?: string | null };

/** The calculator's choices: the down payment as a share of the price, and the term. */
export type PaymentTerms = { downPaymentPercent: number; termMonths: number };

/**
 * The terms every "from N ₽ a month" is quoted at (lot cards, lot page, comparison, PDF sheet, filter): 20 % down
 * over 30 years, each clamped into the programme's own bounds (a programme asking 30 % down is quoted at 30 %; an
 * instalment plan of 24 months at 24). The filter screen says so beside its monthly-payment range.
 */
export const DEFAULT_TERMS: PaymentTerms = { downPaymentPercent: 20, termMonths: 360 };
