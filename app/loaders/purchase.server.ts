import type { RouterContextProvider } from 'react-router';
import { LOT_TYPES, showsListPrice, type LotStatus, type LotType } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { readCalculator } from '#core/purchase/calculator-query.ts';
import type { CalculatorModel, CalculatorSetup } from '#core/purchase/calculator.ts';
import { programmesFor } from '#core/purchase/payments.ts';
import type { FinanceLot, FinanceProgramme } from '#core/purchase/types.ts';
import { pick, type Localized } from '#core/schemas/localized.ts';
import { appContext } from '#app/lib/context.server.ts';

type Where =
  /** The lot page: the lot's own price, kind and project; the programmes that apply to it. */
  | { lot: FinanceLot & { status: LotStatus } }
  /** The project page: its programmes, at a typical flat price of the project. */
  | { project: string }
  /** A purchase page: the programmes `shows` picks, any project and kind. */
  | { shows: (p: FinanceProgramme) => boolean };

/** The median price of the flats on sale (of one project), from the lot index: what a typical buyer finances. */
async function typicalFlatPrice(context: Readonly<RouterContextProvider>, locale: Locale, project?: string): Promise<number | null> {
  const { catalogue } = context.get(appContext).services;
  const filter = { type: ['flat' as const], ordering: 'price' as const, ...(project ? { project: [project] } : {}) };
  const { count } = await catalogue.filter({ ...filter, limit: 1 }, locale);
  if (!count) return null;
  const { results } = await catalogue.filter({ ...filter, limit: 1, offset: Math.floor(count / 2) }, locale);
  return results[0]?.price ?? null;
}

/**
 * A programme as the page's data carries it: its name and conditions in the page's language only, the text under
 * each language's key (so `pick` reads it, and the hydration data holds it once). The programmes' texts in all three
 * languages were two thirds of the calculator's data on the project and lot pages.
 */
function inPageLanguage(programme: FinanceProgramme, locale: Locale): FinanceProgramme {
  const only = (text: Localized): Localized => {
    const value = pick(text, locale);
    return { ru: value, en: value, zh: value };
  };
  return { ...programme, name: only(programme.name), conditions: only(programme.conditions) };
}

/** A round starting price: a typed figure reads better than the median lot's 12 347 000. */
const roundPrice = (price: number) => Math.round(price / 100_000) * 100_000;
const FALLBACK_PRICE = 12_000_000;

/**
 * The calculator of a page, from the programmes in force today and the page's query (the GET form's answer).
 * Null when no programme finances what the page offers: a lot for rent, a presale or sold lot, a page of a kind
 * nothing is in force for.
 */
export async function calculatorModel(context: Readonly<RouterContextProvider>, url: URL, locale: Locale, where: Where): Promise<CalculatorModel | null> {
  const { finance, catalogue } = context.get(appContext).services;
  const day = finance.today();
  const [data, valid, directory] = await Promise.all([finance.data(), finance.valid(day), catalogue.projectDirectory()]);
  const onSale = directory.filter((p) => !p.presale).map((p) => ({ id: String(p.id), name: pick(p.name, locale) }));

  let setup: CalculatorSetup;
  if ('lot' in where) {
    const { lot } = where;
    // No calculator without a list price: once sold, or while the lot is in an auction (its bids set the price).
    if (!showsListPrice(lot)) return null;
    // Each as it is offered for this lot: a plan "until completion" runs no longer than the months left to its building's completion.
    const programmes = programmesFor(valid, lot, day);
    if (!programmes.length) return null;
    setup = {
      programmes,
      day,
      lotId: lot.id,
      fixedPrice: lot.price,
      presetPrice: lot.price,
      fixedType: lot.type,
      types: [lot.type],
      fixedProject: lot.projectId,
      projects: [lot.projectId],
    };
  } else {
    const project = 'project' in where ? where.project : null;
    const programmes = valid.filter((p) => ('shows' in where ? where.shows(p) : (!p.projects.length || p.projects.includes(where.project)) && !p.lots.length));
    if (!programmes.length) return null;
    const types = LOT_TYPES.filter((type: LotType) => programmes.some((p) => p.lotTypes.includes(type)));
    const typical = await typicalFlatPrice(context, locale, project ?? undefined);
    setup = {
      programmes,
      day,
      lotId: null,
      fixedPrice: null,
      presetPrice: typical ? roundPrice(typical) : FALLBACK_PRICE,
      fixedType: null,
      types,
      fixedProject: project,
      projects: project ? [project] : onSale.map((p) => p.id),
    };
  }
  const { state, adjusted } = readCalculator(url.searchParams, setup);
  return {
    setup: { ...setup, programmes: setup.programmes.map((programme) => inPageLanguage(programme, locale)) },
    initial: state,
    adjusted,
    banks: Object.fromEntries(data.banks.map((b) => [b.id, pick(b.name, locale)])),
    projects: onSale,
  };
}
