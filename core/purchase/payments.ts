import { parseCompletion } from '../catalogue/completion.ts';
import { DEFAULT_TERMS, FLAT_ONLY_KINDS, type FinanceLot, type FinanceProgramme, type PaymentTerms } from './types.ts';

/**
 * The payment maths, computed here once for the server (cards, filter index, PDFs, CRM payload) and the
 * browser (the calculator), so both print the same kopeck. Money is carried in kopecks (integers) once it is a
 * payment; prices, down payments and loans stay in whole roubles as the catalogue holds them.
 *
 * Rounded as banks do: the annuity payment is rounded to the kopeck (half up), and the last payment of a
 * schedule settles the kopecks the rounding left over. A figure shown in whole roubles ("from 47,965 ₽ a
 * month") is the kopeck amount rounded up (`wholeRoubles`): a quote never comes out below the bank's.
 */

/** (1 + r)^n by repeated squaring: only IEEE multiplications, so every JS engine gives the same bits (`**` need not). */
function growth(r: number, n: number): number {
  let result = 1;
  let base = 1 + r;
  for (let e = n; e > 0; e >>= 1) {
    if (e & 1) result *= base;
    base *= base;
  }
  return result;
}

/**
 * Factors by rate, then by term: a load of the catalogue asks for one per lot and programme (a million lots, a few
 * distinct rates and terms), so the look-up is two Maps of numbers, not a key string built per call.
 */
const factors = new Map<number, Map<number, number>>();
let factorCount = 0;

/** The share of the loan paid each month: r / (1 − (1 + r)^−n), r the monthly rate; 1/n at a zero rate. */
export function annuityFactor(annualRatePercent: number, months: number): number {
  let byTerm = factors.get(annualRatePercent);
  let factor = byTerm?.get(months);
  if (factor === undefined) {
    const r = annualRatePercent / 1200;
    factor = r === 0 ? 1 / months : r / (1 - 1 / growth(r, months));
    if (factorCount < 10_000) {
      if (!byTerm) factors.set(annualRatePercent, (byTerm = new Map()));
      byTerm.set(months, factor);
      factorCount += 1;
    }
  }
  return factor;
}

/** Kopecks half up, with the float noise of 1234.4999999 / 1234.5000001 taken off first. */
const kopecks = (exact: number): number => Math.round(Math.round(exact * 1e6) / 1e6);

/** The monthly annuity payment of `principal` roubles, in kopecks; 0 when nothing is borrowed. */
export function annuityKopecks(principal: number, annualRatePercent: number, months: number): number {
  if (!(principal > 0) || !(months >= 1)) return 0;
  return kopecks(principal * 100 * annuityFactor(annualRatePercent, Math.round(months)));
}

/** A kopeck amount in whole roubles, rounded up: what a card, a PDF or the filter shows. */
export const wholeRoubles = (amountKopecks: number): number => Math.ceil(amountKopecks / 100);

export type PaymentQuote = {
  programmeId: string;
  kind: FinanceProgramme['kind'];
  rate: number;
  markup: number;
  price: number;
  /** Down payment in roubles, and as the percentage actually used (raised to the programme's minimum, or by its loan cap). */
  downPayment: number;
  downPaymentPercent: number;
  /** Borrowed (mortgage) or spread (instalment plan) amount, roubles. */
  loan: number;
  termMonths: number;
  /** Regular monthly payment, kopecks. */
  monthlyKopecks: number;
  /** The same in whole roubles, rounded up: the one figure every surface shows. */
  monthly: number;
  /** Everything paid after the down payment, kopecks (the last payment settles the rounding). */
  totalKopecks: number;
  /** Paid on top of the loan: interest, or the instalment plan's markup; kopecks. */
  overpaymentKopecks: number;
};

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

type Resolved = { downPayment: number; loan: number; termMonths: number; monthlyKopecks: number; spreadKopecks: number };

/** The terms clamped into the programme's bounds, and the regular monthly payment they give (no totals: cheap enough for the filter index). */
function resolve(p: FinanceProgramme, price: number, terms: PaymentTerms): Resolved {
  let downPayment = Math.round((price * clamp(terms.downPaymentPercent, p.minDownPayment, 100)) / 100);
  if (p.maxLoan !== null && price - downPayment > p.maxLoan) downPayment = price - p.maxLoan;
  const loan = price - downPayment;
  const termMonths = clamp(Math.round(terms.termMonths), 1, p.maxTermMonths);
  if (p.kind === 'installment') {
    const spreadKopecks = kopecks(loan * 100 * (1 + p.markup / 100));
    return { downPayment, loan, termMonths, monthlyKopecks: kopecks(spreadKopecks / termMonths), spreadKopecks };
  }
  return { downPayment, loan, termMonths, monthlyKopecks: annuityKopecks(loan, p.rate, termMonths), spreadKopecks: 0 };
}

/** The regular monthly payment (kopecks) of programme `p` for `price` at `terms`; 0 when nothing is left to pay. */
export const monthlyKopecksOf = (p: FinanceProgramme, price: number, terms: PaymentTerms = DEFAULT_TERMS): number =>
  price > 0 ? resolve(p, price, terms).monthlyKopecks : 0;

/**
 * The quote of one programme for a price and the visitor's terms, each clamped into the programme's bounds: a
 * down payment below its minimum is raised to it, and raised again when the loan would pass its cap; a term
 * beyond its longest is cut to it. Null when there is no price to finance.
 */
export function quote(p: FinanceProgramme, price: number, terms: PaymentTerms = DEFAULT_TERMS): PaymentQuote | null {
  if (!(price > 0)) return null;
  const r = resolve(p, price, terms);
  const totalKopecks = p.kind === 'installment' ? r.spreadKopecks : lastSettled(r.loan * 100, p.rate, r.termMonths, r.monthlyKopecks, null);
  return {
    programmeId: p.id,
    kind: p.kind,
    rate: p.rate,
    markup: p.markup,
    price,
    downPayment: r.downPayment,
    downPaymentPercent: percentOf(r.downPayment, price),
    loan: r.loan,
    termMonths: r.termMonths,
    monthlyKopecks: r.monthlyKopecks,
    monthly: wholeRoubles(r.monthlyKopecks),
    totalKopecks,
    overpaymentKopecks: totalKopecks - r.loan * 100,
  };
}

/** The down payment as the percentage of the price a quote shows (two decimals). */
const percentOf = (downPayment: number, price: number) => Math.round((downPayment / price) * 10_000) / 100;

/**
 * What a lot's card shows of its quote: the down payment (roubles and percent) and the term, the same figures as
 * `quote`'s, without the loan run month by month that only its totals need (the filter's page has 24 cards to make).
 */
export function quoteTerms(
  p: FinanceProgramme,
  price: number,
  terms: PaymentTerms = DEFAULT_TERMS,
): Pick<PaymentQuote, 'downPayment' | 'downPaymentPercent' | 'termMonths'> | null {
  if (!(price > 0)) return null;
  const r = resolve(p, price, terms);
  return { downPayment: r.downPayment, downPaymentPercent: percentOf(r.downPayment, price), termMonths: r.termMonths };
}

/**
 * Runs an annuity loan month by month (interest on the balance, rounded to the kopeck) and settles it in the last payment:
 * the total paid, and the months' rows into `rows` when given (a quote needs only the total).
 */
function lastSettled(balanceKopecks: number, annualRatePercent: number, months: number, monthlyKopecks: number, rows: ScheduleRow[] | null): number {
  const r = annualRatePercent / 1200;
  let balance = balanceKopecks;
  let total = 0;
  for (let m = 1; m <= months; m += 1) {
    const interest = kopecks(balance * r);
    const payment = m === months ? balance + interest : Math.min(monthlyKopecks, balance + interest);
    balance = balance + interest - payment;
    total += payment;
    rows?.push({ month: m, paymentKopecks: payment, interestKopecks: interest, balanceKopecks: balance });
    if (balance <= 0) break;
  }
  return total;
}

export type ScheduleRow = { month: number; paymentKopecks: number; interestKopecks: number; balanceKopecks: number };

/**
 * The month-by-month schedule of a quote: for an instalment plan, equal payments of the marked-up amount (no
 * interest), the last one settling the kopecks; for a mortgage, the annuity's interest and balance.
 */
export function schedule(p: FinanceProgramme, q: PaymentQuote): ScheduleRow[] {
  const rows: ScheduleRow[] = [];
  if (p.kind !== 'installment') {
    lastSettled(q.loan * 100, p.rate, q.termMonths, q.monthlyKopecks, rows);
    return rows;
  }
  let balance = q.totalKopecks;
  for (let m = 1; m <= q.termMonths; m += 1) {
    const payment = m === q.termMonths ? balance : Math.min(q.monthlyKopecks, balance);
    balance -= payment;
    rows.push({ month: m, paymentKopecks: payment, interestKopecks: 0, balanceKopecks: balance });
  }
  return rows;
}

/** Today in Moscow (UTC+3 all year since 2014) as `YYYY-MM-DD`: the day programmes' validity is read in. */
export function financeDay(at: Date | number = Date.now()): string {
  return new Date(new Date(at).getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Whole months from `day`'s month to the end of the completion quarter (`2027-Q2` seen on 2026-11-29: 7, to the end
 * of June); null for a building handed over (`done`, none). Never below 0.
 */
export function monthsToCompletion(completion: string | null | undefined, day: string): number | null {
  const due = parseCompletion(completion);
  if (!due) return null;
  const [year, month] = day.split('-').map(Number) as [number, number];
  return Math.max(0, due.year * 12 + due.quarter * 3 - (year * 12 + month));
}

/**
 * The longest term programme `p` offers `lot` on `day`: its own, and for a plan "until completion" no more than the
 * months left to the lot's building's completion (a plan of 18 months for a building due in 7 offers 7).
 */
export function termCap(p: FinanceProgramme, lot: Pick<FinanceLot, 'completion'>, day: string): number {
  if (!p.untilCompletion || lot.completion === undefined) return p.maxTermMonths;
  return Math.min(p.maxTermMonths, monthsToCompletion(lot.completion, day) ?? 0);
}

/** Programme `p` as it is offered for `lot` on `day`: its longest term capped (`termCap`); `p` itself when nothing is. */
export function forLot(p: FinanceProgramme, lot: Pick<FinanceLot, 'completion'>, day: string): FinanceProgramme {
  const cap = termCap(p, lot, day);
  return cap === p.maxTermMonths ? p : { ...p, maxTermMonths: cap };
}

/** Whether programme `p` finances `lot` on `day`: a lot on sale, of its kinds, projects and (special offers) named lots, while valid. */
export function applies(p: FinanceProgramme, lot: FinanceLot, day: string): boolean {
  if (lot.offer !== 'sale' || !(lot.price > 0)) return false;
  // A plan paid off by completion has no month left in a building handed over, or due this month.
  if (termCap(p, lot, day) < 1) return false;
  if (!p.lotTypes.includes(lot.type)) return false;
  if (p.mortgageKind && FLAT_ONLY_KINDS.includes(p.mortgageKind) && lot.type !== 'flat') return false;
  if (p.projects.length && !p.projects.includes(lot.projectId)) return false;
  if (p.lots.length && !p.lots.includes(lot.id)) return false;
  return isValidOn(p, day);
}

/**
 * The programmes that finance `lot` on `day`, each as it is offered for it (`forLot`): the one list the lot page's
 * calculator and offers, the purchase calls, the reserve page's choice and a reservation's programme are judged by.
 */
export function programmesFor(programmes: readonly FinanceProgramme[], lot: FinanceLot, day: string): FinanceProgramme[] {
  return programmes.filter((p) => applies(p, lot, day)).map((p) => forLot(p, lot, day));
}

/** What the programmes read of a catalogue lot (a card, the lot page's detail). */
export const financeLot = (lot: FinanceLot): FinanceLot => ({
  id: lot.id,
  projectId: lot.projectId,
  type: lot.type,
  offer: lot.offer,
  price: lot.price,
  completion: lot.completion,
});

/**
 * The programmes offered for one lot of the catalogue today (`programmesFor`), from the finance programmes in force
 * and the catalogue's card of the lot; null for a lot the catalogue does not know. The reserve page lists these, and
 * the reservation's check and the back office's change accept only these.
 */
export async function lotProgrammes(
  sources: { valid(day: string): Promise<FinanceProgramme[]>; today(): string; lot(id: string): Promise<FinanceLot | undefined> },
  lotId: string,
): Promise<FinanceProgramme[] | null> {
  const lot = await sources.lot(lotId);
  if (!lot) return null;
  const day = sources.today();
  return programmesFor(await sources.valid(day), financeLot(lot), day);
}

export const isValidOn = (p: Pick<FinanceProgramme, 'validFrom' | 'validTo'>, day: string): boolean =>
  p.validFrom <= day && (p.validTo === null || day <= p.validTo);

export type BestQuote = { programme: FinanceProgramme; quote: PaymentQuote };

export const byPayment = (a: BestQuote, b: BestQuote): number =>
  a.quote.monthlyKopecks - b.quote.monthlyKopecks || a.programme.rate - b.programme.rate || a.programme.position - b.programme.position;

/**
 * The programme giving `lot` its lowest monthly payment at `terms` (the default ones: the card's "from N ₽ a
 * month"), compared on the monthly payment alone and quoted in full for the winner. Null where none applies.
 */
export function bestQuote(programmes: readonly FinanceProgramme[], lot: FinanceLot, day: string, terms: PaymentTerms = DEFAULT_TERMS): BestQuote | null {
  const best = bestMonthly(programmes, lot, day, terms);
  const programme = best && forLot(best.programme, lot, day);
  const q = programme && quote(programme, lot.price, terms);
  return programme && q ? { programme, quote: q } : null;
}

/**
 * The lowest monthly payment (kopecks) of `lot` and its programme (the one given, its term capped for the lot only
 * in the figure: `forLot`), without totals: what the filter index sorts and ranges by.
 */
export function bestMonthly(
  programmes: readonly FinanceProgramme[],
  lot: FinanceLot,
  day: string,
  terms: PaymentTerms = DEFAULT_TERMS,
): { programme: FinanceProgramme; monthlyKopecks: number } | null {
  let best: { programme: FinanceProgramme; monthlyKopecks: number } | null = null;
  for (const programme of programmes) {
    if (!applies(programme, lot, day)) continue;
    const monthlyKopecks = monthlyKopecksOf(forLot(programme, lot, day), lot.price, terms);
    if (
      !best ||
      monthlyKopecks < best.monthlyKopecks ||
      (monthlyKopecks === best.monthlyKopecks &&
        (programme.rate < best.programme.rate || (programme.rate === best.programme.rate && programme.position < best.programme.position)))
    )
      best = { programme, monthlyKopecks };
  }
  return best;
}
