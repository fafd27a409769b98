import { z } from 'zod';
import { LOT_TYPES } from '../catalogue/types.ts';
import { localizedSchema } from '../schemas/localized.ts';
import { safeText } from '../schemas/text.ts';
import { FINANCE_KINDS, FLAT_ONLY_KINDS, MORTGAGE_KINDS, type Bank, type FinanceProgramme } from './types.ts';

/**
 * The finance programmes' wire shape (snake_case, as the offers import file and the API name the fields), checked
 * by one schema wherever they come in: the demo seed, `npm run offers:import` (JSON or CSV) and the tests.
 */
export const FINANCE_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const realDay = (d: string) => DAY.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;
const id = safeText().regex(FINANCE_ID, 'Expected an id of a-z, 0-9, _ and - (up to 64).');
const day = safeText().refine(realDay, 'Expected a date as YYYY-MM-DD.');
const percent = (max: number) => z.number().finite().min(0).max(max).multipleOf(0.01, 'At most two decimals.');
const catalogueId = safeText().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected catalogue ids of letters, digits, _ and -.');

export const bankInput = z.strictObject({
  id,
  name: localizedSchema,
  // A media path the image proxy can resize: it refuses SVG sources, so a logo is a raster picture.
  logo: safeText()
    .max(500)
    .regex(/^[a-z0-9][a-z0-9/_.-]*\.(png|jpe?g|webp)$/i, 'Expected a media path to a PNG, JPEG or WebP picture (the image proxy does not resize SVG).')
    .refine((path) => !path.split('/').includes('..'), 'Expected a path inside the media directory.')
    .nullable()
    .optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export type BankInput = z.input<typeof bankInput>;

/**
 * A rate or a percentage in a programme's name («Зимнее предложение: 4,5 %», "5.9 percent"): the rate is a field of
 * its own, printed beside the name on every surface, so a name that carries one goes stale (and contradicts the
 * card) as soon as the rate changes.
 */
export const RATE_IN_NAME = /[%％‰]|\d\s*(?:процент|percent|pct\b)|百分之/i;

export const programmeInput = z
  .strictObject({
    id,
    kind: z.enum(FINANCE_KINDS),
    bank: id.nullable().optional(),
    mortgage_kind: z.enum(MORTGAGE_KINDS).nullable().optional(),
    name: localizedSchema,
    conditions: localizedSchema,
    rate: percent(100).optional(),
    markup: percent(100).optional(),
    min_down_payment: percent(100),
    max_term_months: z.number().int().min(1).max(600),
    /** An instalment plan paid off by the building's completion: its term is capped per lot by the months left. */
    until_completion: z.boolean().optional(),
    max_loan: z.number().int().positive().max(1e12).nullable().optional(),
    projects: z.array(catalogueId).max(1000).optional(),
    lot_types: z.array(z.enum(LOT_TYPES)).min(1, 'Name at least one kind of lot.'),
    lots: z.array(catalogueId).max(100_000).optional(),
    valid_from: day,
    valid_to: day.nullable().optional(),
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    for (const [lang, name] of Object.entries(p.name))
      if (typeof name === 'string' && RATE_IN_NAME.test(name))
        ctx.addIssue({
          code: 'custom',
          path: ['name', lang],
          message: 'A name carries no rate or percentage: the rate and markup are fields of their own, shown beside the name (e.g. «Зимнее предложение»).',
        });
    if (p.kind === 'installment') {
      if (p.bank) issue('bank', "An instalment plan is the developer's own: no bank.");
      if (p.mortgage_kind) issue('mortgage_kind', 'An instalment plan has no mortgage kind.');
      if (p.rate) issue('rate', 'An instalment plan charges no interest: give its markup instead.');
    } else {
      if (!p.bank) issue('bank', 'A mortgage names its bank.');
      if (!p.mortgage_kind) issue('mortgage_kind', `A mortgage names its kind: ${MORTGAGE_KINDS.join(', ')}.`);
      if (p.rate === undefined) issue('rate', 'A mortgage names its rate.');
      if (p.markup) issue('markup', 'A mortgage has a rate, not a markup.');
      if (p.mortgage_kind && FLAT_ONLY_KINDS.includes(p.mortgage_kind) && p.lot_types.some((t) => t !== 'flat'))
        issue('lot_types', `The ${p.mortgage_kind} mortgage finances flats only.`);
    }
    if (p.until_completion && p.kind !== 'installment') issue('until_completion', 'Only an instalment plan runs until completion.');
    if (p.kind === 'special' && !p.valid_to) issue('valid_to', 'A special offer runs until a date.');
    if (p.kind === 'special' && !p.projects?.length && !p.lots?.length) issue('projects', 'A special offer names its projects or lots.');
    if (p.valid_to && p.valid_to < p.valid_from) issue('valid_to', 'Ends before it starts.');
  });
export type ProgrammeInput = z.input<typeof programmeInput>;

export const offersFile = z.strictObject({
  banks: z.array(bankInput).max(1000).optional(),
  programmes: z.array(z.unknown()).max(10_000),
});

export function toBank(b: z.output<typeof bankInput>, position: number): Bank {
  return { id: b.id, name: b.name, logo: b.logo ?? null, position: b.position ?? position };
}

export function toProgramme(p: z.output<typeof programmeInput>, position: number): FinanceProgramme {
  return {
    id: p.id,
    kind: p.kind,
    bankId: p.kind === 'installment' ? null : (p.bank ?? null),
    mortgageKind: p.kind === 'installment' ? null : (p.mortgage_kind ?? null),
    name: p.name,
    conditions: p.conditions,
    rate: p.kind === 'installment' ? 0 : (p.rate ?? 0),
    markup: p.kind === 'installment' ? (p.markup ?? 0) : 0,
    minDownPayment: p.min_down_payment,
    maxTermMonths: p.max_term_months,
    untilCompletion: p.kind === 'installment' && p.until_completion === true,
    maxLoan: p.max_loan ?? null,
    projects: [...new Set(p.projects ?? [])],
    lotTypes: [...new Set(p.lot_types)],
    lots: [...new Set(p.lots ?? [])],
    validFrom: p.valid_from,
    validTo: p.valid_to ?? null,
    position: p.position ?? position,
  };
}
