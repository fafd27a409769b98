import { z } from 'zod';
import { FILTER_ITEMS, ORDERINGS } from '#core/catalogue/filter-items.ts';
import { byType, completionMove, id, lotType, picture, price, projectCard, projectStatus } from './responses.ts';

/**
 * The answers of the lot filter's screens (its items, facets, a filter's state, the SEO filter pages) and of the
 * mobile app's project screens (buildings, state, 3D progress, project info), as zod schemas like responses.ts.
 */

const range = z.strictObject({ min: z.number(), max: z.number() });
export const specItem = z
  .discriminatedUnion('kind', [
    z.strictObject({
      name: z.string(),
      label: z.string(),
      kind: z.literal('choices'),
      choices: z.array(z.strictObject({ value: z.string(), label: z.string() })),
    }),
    z.strictObject({
      name: z.string(),
      label: z.string(),
      kind: z.literal('range'),
      range,
      unit: z.string().optional(),
      hint: z.string().optional().describe('How the figures are computed (the monthly payment: its terms).'),
    }),
    z.strictObject({ name: z.string(), label: z.string(), kind: z.literal('ranges'), ranges: z.array(range.extend({ label: z.string() })) }),
    z.strictObject({ name: z.string(), label: z.string(), kind: z.literal('boolean') }),
  ])
  .meta({ id: 'SpecItem' });

export const facets = z
  .strictObject({
    count: z.number().int(),
    items: z.record(
      z.string(),
      z.strictObject({ choices: z.record(z.string(), z.number().int()).optional(), range: range.nullable().optional(), count: z.number().int().optional() }),
    ),
  })
  .meta({ id: 'Facets' });

export const buildingCard = z
  .strictObject({
    id,
    number: z.number().int(),
    name: z.string(),
    status: projectStatus,
    ...completionMove,
    floorsCount: z.number().int(),
    sectionsCount: z.number().int(),
    lotsLeft: z.number().int(),
    commercial: z.strictObject({ sale: z.number().int(), rent: z.number().int() }).describe('Premises still offered, by advertisement.'),
    facade: picture,
    url: z.string(),
  })
  .meta({ id: 'BuildingCard' });

export const projectState = z
  .strictObject({
    id,
    status: projectStatus,
    statusLabel: z.string(),
    completion: z.string().nullable(),
    completionLabel: z.string(),
    percent: z.number().describe('Share of construction works done, from the latest monthly report.'),
    reportMonth: z.string().nullable(),
    lotsTotal: z.number().int(),
    lotsLeft: z.number().int(),
    lotsLeftByType: byType,
    minPrice: price.nullable(),
    buildings: z.array(
      z.strictObject({
        id,
        name: z.string(),
        ...completionMove,
        floorsCount: z.number().int(),
        floorsBuilt: z.number().int(),
        percent: z.number(),
        url: z.string(),
      }),
    ),
  })
  .meta({ id: 'ProjectState' });

export const progress3d = z
  .strictObject({
    genplan: z.strictObject({
      image: picture,
      buildings: z.array(z.strictObject({ id, name: z.string(), outline: z.string(), floorsCount: z.number().int() })),
    }),
    months: z.array(z.strictObject({ month: z.string(), buildings: z.array(z.strictObject({ id, floorsBuilt: z.number().int(), percent: z.number() })) })),
  })
  .meta({ id: 'Progress3d' });

/** The mobile app's project screen: the card's own fields (one definition), with its place and sales office. */
export const infoMobile = projectCard
  .pick({ id: true, shortSlug: true, name: true, tagline: true, status: true, district: true, address: true, image: true, completionLabel: true })
  .extend({
    statusLabel: z.string(),
    lat: z.number(),
    lng: z.number(),
    lotsLeft: z.number().int(),
    lotsLeftByType: byType,
    minPrice: price.nullable(),
    phone: z.string().nullable(),
    salesOffice: z.strictObject({ name: z.string(), address: z.string(), hours: z.string() }).nullable(),
    types: z.array(lotType),
    url: z.string(),
  })
  .meta({ id: 'ProjectInfoMobile' });

/** A lot filter state as the codec writes it (core/catalogue/filter.ts), written from the filter's items. */
export const lotFilterState = z
  .strictObject({
    ...Object.fromEntries(
      FILTER_ITEMS.flatMap((item): [string, z.ZodType][] => {
        if (item.kind === 'choice') return [[item.name, z.array(item.values ? z.enum(item.values as [string, ...string[]]) : z.string()).optional()]];
        if (item.kind === 'flag') return [[item.name, z.boolean().optional()]];
        return [
          [`${item.name}_min`, z.number().optional()],
          [`${item.name}_max`, z.number().optional()],
        ];
      }),
    ),
    ordering: z.enum(ORDERINGS).optional(),
    limit: z.number().int().optional(),
    offset: z.number().int().optional(),
  })
  .meta({ id: 'LotFilterState' });

export const seoFilterPage = z
  .strictObject({
    slug: z.string(),
    title: z.string(),
    h1: z.string(),
    description: z.string(),
    text: z.array(z.string()),
    filter: lotFilterState,
    url: z.string(),
  })
  .meta({ id: 'SeoFilterPage' });
