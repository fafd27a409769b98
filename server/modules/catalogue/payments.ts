import type { LotPayment } from '#core/catalogue/types.ts';
import { LOT_TYPES } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { bestMonthly, forLot, quoteTerms } from '#core/purchase/payments.ts';
import { DEFAULT_TERMS, type Bank, type FinanceProgramme } from '#core/purchase/types.ts';
import { pick } from '#core/schemas/localized.ts';
import { offerOf } from './offer-of.ts';
import type { Snapshot } from './snapshot.ts';

/**
 * Every lot's "from N ₽ a month", computed once per snapshot and set of programmes in force: the lowest monthly
 * payment among the programmes that apply to it (core/purchase `bestMonthly`, at the default terms), and which
 * programme gives it. The cards, the lot page, the comparison, the PDF sheet, the CRM payload and the filter's
 * monthly-payment range and order all read these two arrays, so they cannot disagree.
 */
export type LotPayments = {
  /** `${finance version}@${day}`: a new version or a new Moscow day (programmes start and end) means a rebuild. */
  key: string;
  day: string;
  programmes: FinanceProgramme[];
  banks: Map<string, Bank>;
  /** Whole roubles (the kopeck amount rounded up); NaN where no programme applies. */
  monthly: Float64Array;
  /** Index into `programmes` of the programme giving it; -1 where none applies. */
  programme: Int32Array;
};

export const NO_PAYMENTS: LotPayments = {
  key: '',
  day: '',
  programmes: [],
  banks: new Map(),
  monthly: new Float64Array(0),
  programme: new Int32Array(0),
};

/** Lot `i`'s building's completion quarter (`2027-Q2`), null once handed over. */
const completionOf = (snap: Snapshot, i: number): string | null => snap.lots.strings.completion.values[snap.lots.completion[i]!] || null;

export function lotPayments(snap: Snapshot, finance: { programmes: FinanceProgramme[]; banks: Bank[]; version: string }, day: string): LotPayments {
  const t = snap.lots;
  const n = t.size;
  const monthly = new Float64Array(n).fill(Number.NaN);
  const programme = new Int32Array(n).fill(-1);
  // Only the programmes in force today, and each one's position in that list.
  const programmes = finance.programmes.filter((p) => p.validFrom <= day && (p.validTo === null || day <= p.validTo));
  const at = new Map(programmes.map((p, k) => [p, k]));
  for (let i = 0; i < n; i += 1) {
    const offer = offerOf(snap, i);
    if (offer !== 'sale') continue;
    const lot = {
      id: String(t.id[i]),
      projectId: String(snap.projects[t.project[i]!]!.id),
      type: LOT_TYPES[t.type[i]!]!,
      offer,
      price: t.price[i]!,
      completion: completionOf(snap, i),
    };
    const best = bestMonthly(programmes, lot, day);
    if (!best) continue;
    monthly[i] = Math.ceil(best.monthlyKopecks / 100);
    programme[i] = at.get(best.programme)!;
  }
  return { key: `${finance.version}@${day}`, day, programmes, banks: new Map(finance.banks.map((b) => [b.id, b])), monthly, programme };
}

/** Lot `i`'s "from N ₽ a month" with the programme, bank and terms that give it; null where none applies. */
export function lotPayment(payments: LotPayments, snap: Snapshot, i: number, locale: Locale): LotPayment | null {
  const k = payments.programme[i] ?? -1;
  if (k < 0) return null;
  // A plan "until completion" is quoted over the months left to the lot's building's completion at most.
  const p = forLot(payments.programmes[k]!, { completion: completionOf(snap, i) }, payments.day);
  const q = quoteTerms(p, snap.lots.price[i]!, DEFAULT_TERMS);
  if (!q) return null;
  const bank = p.bankId ? payments.banks.get(p.bankId) : undefined;
  return {
    monthly: payments.monthly[i]!,
    programmeId: p.id,
    programmeName: pick(p.name, locale),
    kind: p.kind,
    mortgageKind: p.mortgageKind,
    bankName: bank ? pick(bank.name, locale) : null,
    rate: p.rate,
    markup: p.markup,
    downPayment: q.downPayment,
    downPaymentPercent: q.downPaymentPercent,
    termMonths: q.termMonths,
  };
}
