import { z } from 'zod';
import { FINISHES, LOT_AUCTION_PHASES, LOT_STATUSES, LOT_TYPES, OFFER_KINDS, PROJECT_STATUSES } from '#core/catalogue/types.ts';
import { VIEW_TAGS } from '#core/insolation/types.ts';
import { FINANCE_KINDS, MORTGAGE_KINDS } from '#core/purchase/types.ts';
import { office as officeSchema } from '../offices/index.ts';

/**
 * The catalogue's answers as zod schemas: what routes declare and the OpenAPI document shows. Handlers are
 * type-checked against them (the services' types in core/catalogue/types.ts must fit), and outside production
 * each answer is checked against them at run time (strict objects: an undocumented field is a failure).
 * Here projects, their construction progress and lots; the filter's and the mobile app's screens in responses-screens.ts.
 */

export const id = z.string().describe('An id (digits).');
export const price = z.number().describe('Roubles.');
export const lotType = z.enum(LOT_TYPES);
export const projectStatus = z.enum(PROJECT_STATUSES);
export const byType = z.partialRecord(lotType, z.number().int());

export const picture = z
  .strictObject({ src: z.string().describe('Media path for the image proxy (/img/…).'), width: z.number(), height: z.number(), alt: z.string() })
  .meta({ id: 'Picture' });

export const projectCard = z
  .strictObject({
    id,
    shortSlug: z.string(),
    shared: z.boolean(),
    name: z.string(),
    tagline: z.string(),
    status: projectStatus,
    district: z.string(),
    address: z.string(),
    completion: z.string().nullable().describe('Quarter like 2027-Q4; null once completed.'),
    completionLabel: z.string(),
    image: picture,
    lotsLeft: z.number().int().describe('Lots on sale (free); premises for rent are counted in lotsForRent.'),
    lotsLeftByType: byType,
    lotsForRent: z.number().int(),
    lotsBooked: z.number().int().describe('Lots for sale booked by the sales team: never counted in lotsLeft.'),
    minPrice: price.nullable(),
    url: z.string().describe('Page path without the language prefix.'),
  })
  .meta({ id: 'ProjectCard' });

export { office } from '../offices/index.ts';

const indicator = z.strictObject({ value: z.string(), label: z.string() });
const advantage = z.strictObject({ title: z.string(), description: z.string() });
const infrastructure = z.strictObject({ kind: z.string(), name: z.string(), distance: z.string() });
const purchaseInfo = z.strictObject({ method: z.string(), title: z.string(), text: z.string() });

/** A building's completion quarter now planned and, when the deadline moved, the one first announced. */
export const completionMove = {
  completion: z.string().nullable().describe("'YYYY-QN' now planned; null once completed."),
  completionLabel: z.string(),
  originalCompletion: z.string().nullable().describe("'YYYY-QN' first announced, when the deadline has moved since; else null."),
  originalCompletionLabel: z.string().nullable(),
};

export const progressPhoto = picture.extend({ caption: z.string().nullable() }).meta({ id: 'ProgressPhoto' });

export const progressBuilding = z
  .strictObject({
    id,
    name: z.string(),
    floorsCount: z.number().int(),
    floorsBuilt: z.number().int(),
    percent: z.number().describe('Share of works done by the month of the report, %.'),
    ...completionMove,
    url: z.string(),
  })
  .meta({ id: 'ProgressBuilding' });

export const progressEntry = z
  .strictObject({
    id,
    projectId: id,
    projectName: z.string(),
    month: z.string().describe("'YYYY-MM'"),
    title: z.string(),
    text: z.string(),
    photos: z.array(progressPhoto),
    buildings: z.array(progressBuilding).describe('The buildings the report covers, with their progress that month.'),
    url: z.string().describe("The report's page (without the language prefix)."),
  })
  .meta({ id: 'ProgressEntry' });

const progressLink = z.strictObject({ id, month: z.string(), title: z.string(), url: z.string() });

export const progressReport = progressEntry
  .extend({
    projectUrl: z.string(),
    previous: progressLink.nullable().describe("The project's report of the month before, if any."),
    next: progressLink.nullable().describe("The project's report of the month after, if any."),
  })
  .meta({ id: 'ProgressReport' });

export const projectDetail = projectCard
  .extend({
    description: z.string(),
    renderVsPhoto: z.strictObject({ render: picture, photo: picture }).nullable(),
    indicators: z.array(indicator),
    about: z.array(z.string()),
    infrastructure: z.array(infrastructure),
    gallery: z.array(picture),
    progress: z.array(progressEntry),
    offices: z.array(officeSchema),
    purchaseInfo: z.array(purchaseInfo),
    presentationUrl: z.string().nullable(),
    genplan: z.strictObject({
      image: picture,
      buildings: z.array(z.strictObject({ id, name: z.string(), outline: z.string(), lotsLeft: z.number().int(), url: z.string() })),
    }),
  })
  .meta({ id: 'ProjectDetail' });

export const projectAbout = projectDetail
  .pick({
    id: true,
    name: true,
    tagline: true,
    description: true,
    about: true,
    indicators: true,
    renderVsPhoto: true,
    presentationUrl: true,
  })
  .extend({ advantages: z.array(advantage).describe('The project page’s benefits (`/api/benefits_project_page/` gives them with their icons).') });

export const infrastructureItem = infrastructure.meta({ id: 'InfrastructureItem' });
export const purchaseInfoItem = purchaseInfo.meta({ id: 'PurchaseInfo' });

export const lotPayment = z
  .strictObject({
    monthly: price.describe("Whole roubles a month: the bank's kopeck amount rounded up."),
    programmeId: z.string(),
    programmeName: z.string(),
    kind: z.enum(FINANCE_KINDS),
    mortgageKind: z.enum(MORTGAGE_KINDS).nullable(),
    bankName: z.string().nullable().describe("Null for the developer's instalment plans."),
    rate: z.number().describe('Annual rate, % (0 for an instalment plan).'),
    markup: z.number().describe("An instalment plan's markup, %."),
    downPayment: price,
    downPaymentPercent: z.number(),
    termMonths: z.number().int(),
  })
  .describe("The lowest monthly payment among the finance programmes that apply, at 20 % down over 30 years (clamped into the programme's bounds).")
  .meta({ id: 'LotPayment' });

export const lotAuction = z
  .strictObject({
    id: z.number().int(),
    phase: z.enum(LOT_AUCTION_PHASES).describe('announced (not started) or live.'),
    startPrice: price,
    bestAmount: price.nullable().describe('The best accepted bid; null before the first.'),
    startsAt: z.string().describe('ISO instant.'),
    endsAt: z.string().describe('ISO instant.'),
    url: z.string().describe('The auction page, without the language prefix.'),
  })
  .meta({ id: 'LotAuction' });

export const lotCard = z
  .strictObject({
    id,
    number: z.string(),
    type: lotType,
    status: z
      .enum(LOT_STATUSES)
      .describe(
        "The lot's one commercial state: free (for sale), booked, sold, auction (announced or live: see `auction`), held (a buyer is paying an online reservation's deposit: shown as reserved), reserved (reserved online with a deposit, until `reservedUntil`).",
      ),
    offer: z.enum(OFFER_KINDS).describe('sale; rent (price is the monthly rent); presale (sales not started).'),
    projectId: id,
    projectName: z.string(),
    projectShortSlug: z.string(),
    buildingId: id,
    buildingName: z.string(),
    sectionId: id,
    sectionNumber: z.number().int(),
    floorId: id,
    floor: z.number().int(),
    rooms: z.number().int().nullable().describe('0 = studio; null for non-residential lots.'),
    euro: z.boolean(),
    area: z.number().describe('m²'),
    livingArea: z.number().nullable(),
    kitchenArea: z.number().nullable(),
    price: price.describe('Roubles; the monthly rent for premises let for rent.'),
    pricePerM2: price,
    oldPrice: price.nullable(),
    finish: z.enum(FINISHES),
    ceiling: z.number(),
    view: z.string().nullable(),
    completion: z.string().nullable(),
    plan: picture,
    url: z.string(),
    payment: lotPayment.nullable(),
    priceDrop30d: z
      .number()
      .int()
      .min(1)
      .max(100)
      .nullable()
      .describe('How much the price fell in the last 30 days, whole percent (against the price in force 30 days before Moscow midnight); null: it did not.'),
    bookedToday: z.boolean().describe('Booked since Moscow midnight today.'),
    auction: lotAuction.nullable().describe("The lot's auction while announced or live (status `auction`): shown in place of the price."),
    reservedUntil: z.string().nullable().describe("While the lot is reserved online (status `reserved`), the reservation's end (ISO instant); null otherwise."),
  })
  .meta({ id: 'LotCard' });

const sectionLeft = z
  .strictObject({ left: z.number().int(), total: z.number().int() })
  .describe('Few lots left in its section: lots on sale still free, of all its lots on sale (when at most 20 % and 10 are left).')
  .meta({ id: 'SectionLeft' });

const minutesOfSun = z.number().int().min(0).max(1440);
const lotSun = z
  .strictObject({
    march: minutesOfSun.describe("Minutes of direct sun on the lot's windows on 21 March."),
    june: minutesOfSun.describe('… on 22 June.'),
    december: minutesOfSun.describe('… on 22 December.'),
    normMet: z.boolean().describe('Meets the insolation norm of SanPiN 1.2.3685-21 for its latitude (continuous, intermittent or reduced variant).'),
  })
  .describe("The lot's sun, with shading by the project's buildings and the neighbours an editor entered (docs/guides/insolation.md).")
  .meta({ id: 'LotSun' });
const viewTags = z.array(z.enum(VIEW_TAGS));
const windowViews = z
  .strictObject({ north: viewTags.optional(), east: viewTags.optional(), south: viewTags.optional(), west: viewTags.optional() })
  .describe('What the windows of each side look at: courtyard, park, water, street, city.')
  .meta({ id: 'WindowViews' });

export const lotDetail = lotCard
  .extend({
    windows: z.array(z.string()),
    features: z.array(z.string()),
    sun: lotSun.nullable().describe('Null for a lot without windows.'),
    windowViews,
    commercial: z
      .strictObject({ purpose: z.string(), separateEntrance: z.boolean(), powerKw: z.number(), advertisement: z.enum(['sale', 'rent']).optional() })
      .nullable(),
    floorPlan: z.strictObject({ image: picture, shape: z.string() }),
    similar: z.array(lotCard),
    sheetUrl: z.string().nullable().optional(),
    sectionLeft: sectionLeft.nullable().optional(),
  })
  .meta({ id: 'LotDetail' });

export const projectPriceByMonth = z
  .strictObject({
    months: z.array(z.string()).describe("Months 'YYYY-MM' (Moscow), oldest first; the current one runs up to now."),
    kinds: z.array(
      z.strictObject({
        kind: z.enum(['0', '1', '2', '3', '4']).describe('0 studio, 1–3 rooms, 4 four and more.'),
        values: z
          .array(price.nullable())
          .describe('Average price per m² of the flats of this kind on sale (free) at the end of each month; null: none on sale.'),
      }),
    ),
  })
  .describe('Presale projects (prices not announced) answer 404.')
  .meta({ id: 'ProjectPriceByMonth' });

/** A lot's recorded prices and statuses (ADR 019). */
export const priceHistory = z
  .strictObject({
    lotId: id,
    price,
    status: z.enum(LOT_STATUSES),
    priceDrop30d: z.number().int().min(1).max(100).nullable().describe("The card's 30-day drop, whole percent; null: none."),
    points: z
      .array(
        z.strictObject({
          at: z.string().describe('When it was recorded (ISO 8601).'),
          price,
          status: z.enum(LOT_STATUSES),
        }),
      )
      .describe('Each recorded change of the price or the status, oldest first; the first is the first record of the lot.'),
  })
  .meta({ id: 'PriceHistory' });

export const commercialCard = lotCard
  .extend({
    commercial: z.strictObject({
      purpose: z.string(),
      purposeLabel: z.string(),
      separateEntrance: z.boolean(),
      powerKw: z.number(),
      advertisement: z.enum(['sale', 'rent']),
    }),
  })
  .meta({ id: 'CommercialCard' });

/** The first version's premises (a bare array, snake_case) for the older mobile app. */
export const commercialOld = z.array(
  z.strictObject({
    id: z.number().int(),
    number: z.string(),
    floor: z.number().int(),
    area: z.number(),
    price,
    price_per_m2: price,
    status: z.enum(LOT_STATUSES),
    purpose: z.string(),
    type_of_advertisement: z.enum(['sale', 'rent']),
    plan: z.string(),
    url: z.string(),
  }),
);
