import { LOT_TYPES, type LotType } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import {
  applies,
  financeLot,
  monthlyKopecksOf,
  programmesFor,
  quote,
  schedule,
  wholeRoubles,
  type PaymentQuote,
  type ScheduleRow,
} from '#core/purchase/payments.ts';
import {
  DEFAULT_TERMS,
  FLAT_ONLY_KINDS,
  MORTGAGE_KINDS,
  type Bank,
  type FinanceKind,
  type FinanceLot,
  type FinanceProgramme,
  type MortgageKind,
  type PaymentTerms,
} from '#core/purchase/types.ts';
import { pick } from '#core/schemas/localized.ts';
import { LOT_TYPE_WORDS, word as catalogueWord } from '../catalogue/index.ts';
import { catalogueReader, type Catalogue, type Reader } from './catalogue-reader.ts';
import type { FinanceService } from './service.ts';
import { informerTexts, MORTGAGE_KIND_WORDS, SPEC_LABELS, UNITS, word } from './words.ts';

/**
 * The purchase calls (spec §7 `/api/new/loan_offer/`, `/api/new/installment/`, `/api/special_mortgage_offer/`,
 * `/api/purchase_informer/`) answered from the finance programmes in force today and the live catalogue: which
 * programmes finance lots on sale of a project and kind, each quoted with core's payment maths, the
 * calculator's starting values, the filter items and their counts. The HTTP layer is server/modules/purchase/routes.ts.
 */

export type { Catalogue } from './catalogue-reader.ts';

/** What a list narrows by; absent fields do not narrow. */
export type OfferScope = {
  project?: string | undefined;
  realtyType?: LotType | undefined;
  bank?: string[] | undefined;
  mortgageKind?: MortgageKind[] | undefined;
  /** One lot: only the programmes that finance it, each as offered for it (`forLot`), quoted at its price. */
  flat?: string | undefined;
};

/** The calculator's inputs: a price (else the scope's typical one) and terms (else DEFAULT_TERMS). */
export type CalculatorInput = { price?: number | undefined; downPayment?: number | undefined; term?: number | undefined };

/** The three lists and the kinds of programme each shows. */
export const LIST_KINDS = {
  loan: ['mortgage', 'special'],
  installment: ['installment'],
  special: ['special'],
} as const satisfies Record<string, readonly FinanceKind[]>;
export type ListName = keyof typeof LIST_KINDS;

export type Payment = Omit<PaymentQuote, 'programmeId' | 'kind' | 'rate' | 'markup'>;
export type Offer = { programme: FinanceProgramme; payment: Payment | null; schedule?: ScheduleRow[] };
type Range = { min: number; max: number };

/** The slider bounds: a down payment up to 90 % (a loan of nothing is no loan), mortgage terms from a year. */
const MAX_DOWN_PAYMENT = 90;
const MIN_TERM: Record<ListName, number> = { loan: 12, special: 12, installment: 1 };
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The projects and kinds of lot a programme may finance within the scope (empty projects: every project). */
function reach(p: FinanceProgramme, scope: OfferScope): { projects: string[]; types: LotType[] } | null {
  let types = p.lotTypes.filter((t) => !(p.mortgageKind && FLAT_ONLY_KINDS.includes(p.mortgageKind)) || t === 'flat');
  if (scope.realtyType) types = types.filter((t) => t === scope.realtyType);
  if (!types.length) return null;
  if (scope.project && p.projects.length && !p.projects.includes(scope.project)) return null;
  return { projects: scope.project ? [scope.project] : p.projects, types };
}

/**
 * Whether `p` finances some lot on sale within the scope today: its kind, bank and mortgage kind as asked, its
 * projects and kinds of lot overlapping the scope with lots on sale there (so an unknown project, a project in
 * presale or a kind the project does not have gives nothing), or, for an offer on named lots, one of them.
 */
async function reaches(p: FinanceProgramme, scope: OfferScope, read: Reader): Promise<boolean> {
  if (scope.bank?.length && !(p.bankId && scope.bank.includes(p.bankId))) return false;
  if (scope.mortgageKind?.length && !(p.mortgageKind && scope.mortgageKind.includes(p.mortgageKind))) return false;
  const r = reach(p, scope);
  if (!r) return false;
  if (p.lots.length) {
    const lots = await read.namedLots(p);
    return lots.some((lot) => lot.offer === 'sale' && r.types.includes(lot.type) && (!r.projects.length || r.projects.includes(lot.projectId)));
  }
  return (await read.onSale(r.projects, r.types)).count > 0;
}

export function createPurchaseCalls(finance: FinanceService, catalogue: Catalogue) {
  async function inForce(list: ListName): Promise<FinanceProgramme[]> {
    const kinds: readonly FinanceKind[] = LIST_KINDS[list];
    return (await finance.valid()).filter((p) => kinds.includes(p.kind));
  }

  async function matching(list: ListName, scope: OfferScope, read: Reader): Promise<FinanceProgramme[]> {
    const all = await inForce(list);
    const keep = await Promise.all(all.map((p) => reaches(p, scope, read)));
    return all.filter((_, i) => keep[i]);
  }

  /**
   * The programmes of a list that finance one lot on sale, each as it is offered for it (a plan "until completion"
   * capped by the months its building has left: `forLot`), and its price; none for an unknown lot or one not on sale.
   */
  async function lotProgrammes(list: ListName, scope: OfferScope, lotId: string): Promise<{ programmes: FinanceProgramme[]; price: number | null }> {
    const [card] = await catalogue.lotsByIds([lotId], 'ru');
    if (!card) return { programmes: [], price: null };
    const lot = financeLot(card);
    const day = finance.today();
    const programmes = programmesFor(await inForce(list), lot, day)
      .filter((p) => !scope.bank?.length || (p.bankId !== null && scope.bank.includes(p.bankId)))
      .filter((p) => !scope.mortgageKind?.length || (p.mortgageKind !== null && scope.mortgageKind.includes(p.mortgageKind)));
    return { programmes, price: programmes.length ? lot.price : null };
  }

  /** The price a list quotes at: the visitor's, else the typical price of the lots on sale within the scope. */
  async function priceOf(scope: OfferScope, input: CalculatorInput, read: Reader): Promise<number | null> {
    if (input.price !== undefined) return input.price;
    return read.typical(scope.project ? [scope.project] : [], scope.realtyType ? [scope.realtyType] : []);
  }

  const termsOf = (input: CalculatorInput): PaymentTerms => ({
    downPaymentPercent: input.downPayment ?? DEFAULT_TERMS.downPaymentPercent,
    termMonths: input.term ?? DEFAULT_TERMS.termMonths,
  });

  function paymentOf(p: FinanceProgramme, price: number | null, terms: PaymentTerms): Payment | null {
    const q = price === null ? null : quote(p, price, terms);
    if (!q) return null;
    const { programmeId: _id, kind: _kind, rate: _rate, markup: _markup, ...payment } = q;
    return payment;
  }

  /** Lowest monthly payment first; without a price to quote, lowest rate (or markup) first. */
  const byPayment = (a: Offer, b: Offer) =>
    (a.payment?.monthlyKopecks ?? Infinity) - (b.payment?.monthlyKopecks ?? Infinity) ||
    a.programme.rate + a.programme.markup - (b.programme.rate + b.programme.markup) ||
    a.programme.position - b.programme.position ||
    a.programme.id.localeCompare(b.programme.id);

  function offersOf(programmes: FinanceProgramme[], price: number | null, terms: PaymentTerms, withSchedule: boolean): Offer[] {
    return programmes
      .map((programme): Offer => {
        const payment = paymentOf(programme, price, terms);
        const q = withSchedule && price !== null ? quote(programme, price, terms) : null;
        return q ? { programme, payment, schedule: schedule(programme, q) } : { programme, payment };
      })
      .sort(byPayment);
  }

  /** Bounds and starting values of the calculator for these programmes (DEFAULT_TERMS clamped into what they allow). */
  function calculatorOf(list: ListName, programmes: FinanceProgramme[]) {
    const lowestDown = programmes.length ? Math.min(...programmes.map((p) => p.minDownPayment)) : 0;
    const longest = programmes.length ? Math.max(...programmes.map((p) => p.maxTermMonths)) : DEFAULT_TERMS.termMonths;
    const downPayment = { min: lowestDown, max: Math.max(MAX_DOWN_PAYMENT, lowestDown) };
    const term = { min: Math.min(MIN_TERM[list], longest), max: longest };
    return {
      bounds: { down_payment: downPayment, term },
      down_payment: clamp(DEFAULT_TERMS.downPaymentPercent, downPayment.min, downPayment.max),
      term: clamp(DEFAULT_TERMS.termMonths, term.min, term.max),
    };
  }

  const calls = {
    /** The programmes of a list that apply within the scope, each quoted; with the price and terms they were quoted at. */
    async list(list: ListName, scope: OfferScope, input: CalculatorInput, opts: { schedule?: boolean } = {}) {
      const read = catalogueReader(catalogue);
      const forFlat = scope.flat === undefined ? null : await lotProgrammes(list, scope, scope.flat);
      const programmes = forFlat ? forFlat.programmes : await matching(list, scope, read);
      const price = forFlat ? (input.price ?? forFlat.price) : programmes.length ? await priceOf(scope, input, read) : (input.price ?? null);
      const terms = termsOf(input);
      return {
        offers: offersOf(programmes, price, terms, opts.schedule === true),
        quotedAt: { price, down_payment: terms.downPaymentPercent, term: terms.termMonths },
      };
    },

    /** The calculator's starting values for a project and kind: the typical price, DEFAULT_TERMS clamped, the sliders' bounds. */
    async initialParams(list: ListName, scope: OfferScope) {
      const read = catalogueReader(catalogue);
      const programmes = await matching(list, scope, read);
      const projects = scope.project ? [scope.project] : [];
      const types = scope.realtyType ? [scope.realtyType] : [];
      const onSale = programmes.length ? await read.onSale(projects, types) : { count: 0, range: null };
      const calc = calculatorOf(list, programmes);
      return {
        params: {
          project: scope.project ?? null,
          realty_type: scope.realtyType ?? null,
          price: programmes.length ? await read.typical(projects, types) : null,
          down_payment: calc.down_payment,
          term: calc.term,
        },
        bounds: { price: onSale.range, ...calc.bounds },
        count: programmes.length,
      };
    },

    /** Special offers for one lot (`flat`): those that apply to it, quoted at its price; an unknown lot gets none. */
    async specialForLot(lotId: string) {
      const [card] = await catalogue.lotsByIds([lotId], 'ru');
      const lot: FinanceLot | null = card ? { id: card.id, projectId: card.projectId, type: card.type, offer: card.offer, price: card.price } : null;
      const day = finance.today();
      const programmes = lot ? (await inForce('special')).filter((p) => applies(p, lot, day)) : [];
      const calc = calculatorOf('special', programmes);
      const price = programmes.length && lot ? lot.price : null;
      return {
        params: {
          flat: lotId,
          project: lot?.projectId ?? null,
          realty_type: lot?.type ?? null,
          price,
          down_payment: calc.down_payment,
          term: calc.term,
        },
        bounds: { price: price === null ? null : { min: price, max: price }, ...calc.bounds },
        count: programmes.length,
        offers: offersOf(programmes, price, { downPaymentPercent: calc.down_payment, termMonths: calc.term }, false),
      };
    },

    /** Filter items of a list: projects with lots on sale, kinds of lot, banks and mortgage kinds in force, the calculator's ranges. */
    async specs(list: ListName, locale: Locale) {
      const read = catalogueReader(catalogue);
      const programmes = await inForce(list);
      const [projects, banks, onSale] = await Promise.all([catalogue.projects(locale), finance.data().then((d) => d.banks), read.onSale([], [])]);
      const calc = calculatorOf(list, programmes);
      const choice = (name: keyof typeof SPEC_LABELS, choices: { value: string; label: string }[]) => ({
        name,
        label: word(SPEC_LABELS[name], locale),
        kind: 'choices' as const,
        choices,
      });
      const range = (name: keyof typeof SPEC_LABELS, r: Range, unit: keyof typeof UNITS) => ({
        name,
        label: word(SPEC_LABELS[name], locale),
        kind: 'range' as const,
        range: r,
        unit: word(UNITS[unit], locale),
      });
      const usedBanks = new Set(programmes.map((p) => p.bankId));
      const usedKinds = new Set(programmes.map((p) => p.mortgageKind));
      return [
        choice(
          'project',
          projects.filter((p) => p.lotsLeft > 0).map((p) => ({ value: p.id, label: p.name })),
        ),
        choice(
          'realty_type',
          LOT_TYPES.map((t) => ({ value: t, label: catalogueWord(LOT_TYPE_WORDS, t, locale) })),
        ),
        ...(list === 'installment'
          ? []
          : [
              choice(
                'bank',
                banks.filter((b) => usedBanks.has(b.id)).map((b) => ({ value: b.id, label: pick(b.name, locale) })),
              ),
            ]),
        ...(list === 'loan'
          ? [
              choice(
                'mortgage_kind',
                MORTGAGE_KINDS.filter((k) => usedKinds.has(k)).map((k) => ({ value: k, label: word(MORTGAGE_KIND_WORDS[k], locale) })),
              ),
            ]
          : []),
        range('price', onSale.range ?? { min: 0, max: 0 }, 'rouble'),
        range('down_payment', calc.bounds.down_payment, 'percent'),
        range('term', calc.bounds.term, 'months'),
      ];
    },

    /**
     * What the list still offers, with counts: each choice counted with the other items applied (as the other
     * lists' facets), and the ranges of rate (or markup) and monthly payment of the results.
     */
    async facets(list: ListName, scope: OfferScope, input: CalculatorInput) {
      const read = catalogueReader(catalogue);
      const all = await inForce(list);
      const countBy = async (field: 'project' | 'realtyType' | 'bank' | 'mortgageKind', values: readonly string[]) => {
        const counts: Record<string, number> = {};
        for (const value of values) {
          const narrowed: OfferScope = { ...scope, [field]: field === 'bank' || field === 'mortgageKind' ? [value] : value };
          const keep = await Promise.all(all.map((p) => reaches(p, narrowed, read)));
          counts[value] = keep.filter(Boolean).length;
        }
        return counts;
      };
      const projects = (await catalogue.projects('ru')).filter((p) => p.lotsLeft > 0).map((p) => p.id);
      const { offers } = await calls.list(list, scope, input);
      const rates = offers.map((o) => (list === 'installment' ? o.programme.markup : o.programme.rate));
      const monthly = offers.flatMap((o) => (o.payment ? [o.payment.monthly] : []));
      const spread = (xs: number[]) => (xs.length ? { min: Math.min(...xs), max: Math.max(...xs) } : null);
      const items: Record<string, { choices?: Record<string, number>; range?: Range | null }> = {
        project: { choices: await countBy('project', projects) },
        realty_type: { choices: await countBy('realtyType', LOT_TYPES) },
      };
      if (list !== 'installment') items.bank = { choices: await countBy('bank', [...new Set(all.flatMap((p) => (p.bankId ? [p.bankId] : [])))]) };
      if (list === 'loan')
        items.mortgage_kind = {
          choices: await countBy(
            'mortgageKind',
            MORTGAGE_KINDS.filter((k) => all.some((p) => p.mortgageKind === k)),
          ),
        };
      items[list === 'installment' ? 'markup' : 'rate'] = { range: spread(rates) };
      items.monthly = { range: spread(monthly) };
      return { count: offers.length, items };
    },

    /**
     * The informer: the lowest rate (instalments: markup), how many banks and programmes, and the lowest monthly
     * payment "from" at DEFAULT_TERMS, on the cheapest lot on sale each programme finances within the scope.
     */
    async informer(purchaseType: 'mortgage' | 'installment', scope: OfferScope, locale: Locale) {
      const read = catalogueReader(catalogue);
      const list: ListName = purchaseType === 'mortgage' ? 'loan' : 'installment';
      const programmes = await matching(list, scope, read);
      let lowest: number | null = null;
      for (const p of programmes) {
        let price: number | null;
        if (p.lots.length) {
          const r = reach(p, scope);
          const prices = (await read.namedLots(p))
            .filter((lot) => r && lot.offer === 'sale' && r.types.includes(lot.type) && (!r.projects.length || r.projects.includes(lot.projectId)))
            .map((lot) => lot.price);
          price = prices.length ? Math.min(...prices) : null;
        } else {
          const r = reach(p, scope);
          price = r ? await read.cheapest(r.projects, r.types) : null;
        }
        if (price === null) continue;
        const monthly = monthlyKopecksOf(p, price, DEFAULT_TERMS);
        if (monthly > 0 && (lowest === null || monthly < lowest)) lowest = monthly;
      }
      const rates = programmes.map((p) => (purchaseType === 'mortgage' ? p.rate : p.markup));
      const facts = {
        purchaseType,
        rate: rates.length ? Math.min(...rates) : null,
        banks: new Set(programmes.flatMap((p) => (p.bankId ? [p.bankId] : []))).size,
        programmes: programmes.length,
        monthlyFrom: lowest === null ? null : wholeRoubles(lowest),
      };
      return { ...facts, ...informerTexts(facts, locale) };
    },

    banks: async (): Promise<Map<string, Bank>> => new Map((await finance.data()).banks.map((b) => [b.id, b])),
  };
  return calls;
}
export type PurchaseCalls = ReturnType<typeof createPurchaseCalls>;
