import { z } from 'zod';
import { LOT_TYPES } from '#core/catalogue/types.ts';
import { FINANCE_KINDS, MORTGAGE_KINDS } from '#core/purchase/types.ts';

/** The purchase calls' answers (server/modules/purchase/calls.ts): finance offers with their quotes, calculator starting values, the informer. */

const range = z.strictObject({ min: z.number(), max: z.number() });
const kopecks = z.number().int().describe('Kopecks (1/100 ₽).');

export const bankLogo = z
  .strictObject({
    src: z.string().describe('Media path of the original, for the image proxy (/img/…).'),
    url: z.string().describe('The logo through the image proxy: PNG, 40 px high at twice the density (signed when the server has IMGPROXY_KEY).'),
    width: z.number().int().describe('CSS pixels of `url`.'),
    height: z.number().int(),
    alt: z.string(),
  })
  .meta({ id: 'BankLogo' });

export const bank = z.strictObject({ id: z.string(), name: z.string(), logo: bankLogo.nullable() }).meta({ id: 'Bank' });

export const payment = z
  .strictObject({
    price: z.number().describe('Roubles: the price quoted.'),
    downPayment: z.number().describe('Roubles, raised to the programme’s minimum (and by its loan cap) when the asked one is below.'),
    downPaymentPercent: z.number(),
    loan: z.number().describe('Roubles borrowed (mortgage) or spread (instalment plan).'),
    termMonths: z.number().int().describe('The asked term, cut to the programme’s longest.'),
    monthlyKopecks: kopecks.describe('The regular monthly payment, kopecks, rounded half up as banks do.'),
    monthly: z.number().int().describe('The same in whole roubles, rounded up: the figure pages show.'),
    totalKopecks: kopecks.describe('Everything paid after the down payment; the last payment settles the rounding.'),
    overpaymentKopecks: kopecks.describe('Interest, or the instalment plan’s markup.'),
  })
  .meta({ id: 'Payment' });

export const scheduleRow = z
  .strictObject({ month: z.number().int(), paymentKopecks: kopecks, interestKopecks: kopecks, balanceKopecks: kopecks })
  .meta({ id: 'ScheduleRow' });

export const financeOffer = z
  .strictObject({
    id: z.string(),
    kind: z.enum(FINANCE_KINDS),
    name: z.string(),
    conditions: z.string(),
    terms: z.string().describe("The programme's terms in words, made from its own fields (rate or markup, down payment, term, loan cap)."),
    untilCompletion: z.boolean().describe("An instalment plan paid off by the building's completion: for a lot, its term is capped by the months left."),
    bank: bank.nullable().describe("Null for the developer's instalment plans."),
    mortgageKind: z.enum(MORTGAGE_KINDS).nullable(),
    mortgageKindLabel: z.string().nullable(),
    rate: z.number().describe('Annual interest, %; 0 for instalment plans.'),
    markup: z.number().describe('Markup on the amount spread, % (instalment plans).'),
    minDownPayment: z.number().describe('%'),
    maxTermMonths: z.number().int(),
    maxLoan: z.number().nullable().describe('Roubles; null: no cap.'),
    projects: z.array(z.string()).describe('Project ids; empty: every project.'),
    realtyTypes: z.array(z.enum(LOT_TYPES)),
    namedLots: z.boolean().describe('Applies to named lots only (a special offer); `/api/special_mortgage_offer/initial_params/?flat=` tells for one lot.'),
    validFrom: z.string().describe('ISO date, Moscow.'),
    validTo: z.string().nullable().describe('Last day (ISO date); null: until withdrawn.'),
    payment: payment.nullable().describe('The quote at the price and terms of `quoted_at`; null when there is no price to quote.'),
    schedule: z.array(scheduleRow).optional().describe('Month by month, with `schedule=true` (instalment plans).'),
  })
  .meta({ id: 'FinanceOffer' });

export const quotedAt = z
  .strictObject({
    price: z.number().nullable().describe('Roubles: `price`, else the median price of the lots on sale within the scope; null when there are none.'),
    down_payment: z.number().describe('% asked (each programme raises it to its own minimum).'),
    term: z.number().int().describe('Months asked (each programme cuts it to its own longest).'),
  })
  .meta({ id: 'QuotedAt' });

const params = z.strictObject({
  project: z.string().nullable(),
  realty_type: z.enum(LOT_TYPES).nullable(),
  price: z.number().nullable().describe('Roubles: the median price of the lots on sale of this project and kind (a special offer: the lot’s).'),
  down_payment: z.number().describe('%: 20 (DEFAULT_TERMS) raised to the lowest minimum of the programmes.'),
  term: z.number().int().describe('Months: 360 (DEFAULT_TERMS) cut to the longest term of the programmes.'),
});

export const initialParams = z
  .strictObject({
    params: params.describe('Starting values, named as the list call’s query parameters.'),
    bounds: z.strictObject({
      price: range.nullable().describe('The cheapest and dearest lot on sale of this project and kind; null when none.'),
      down_payment: range,
      term: range,
    }),
    count: z.number().int().describe('Programmes that apply.'),
  })
  .meta({ id: 'FinanceInitialParams' });

export const specialInitialParams = initialParams
  .extend({
    params: params.extend({ flat: z.string().nullable() }),
    offers: z.array(financeOffer).describe('The special offers that apply to the lot, quoted at its price, lowest payment first.'),
  })
  .meta({ id: 'SpecialOfferInitialParams' });

export const purchaseInformer = z
  .strictObject({
    purchaseType: z.enum(['mortgage', 'installment']),
    rate: z.number().nullable().describe('The lowest rate (mortgage) or markup (instalments), %; null when none is in force.'),
    banks: z.number().int().describe('Partner banks with a programme in force (0 for instalments).'),
    programmes: z.number().int(),
    monthlyFrom: z.number().int().nullable().describe('Whole roubles: the lowest monthly payment at 20 % down over 30 years (each programme’s bounds).'),
    title: z.string(),
    text: z.string(),
  })
  .meta({ id: 'PurchaseInformer' });
