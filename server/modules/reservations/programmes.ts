import { catalogueFormat } from '#core/catalogue/format.ts';
import type { LotCard } from '#core/catalogue/types.ts';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { lotProgrammes } from '#core/purchase/payments.ts';
import type { FinanceProgramme } from '#core/purchase/types.ts';

/**
 * The finance programmes offered for a lot today, by the lot page's rule (core/purchase `programmesFor`: the
 * programmes in force that apply to it, each as offered for it); null for a lot the catalogue does not know.
 */
export type LotProgrammes = (lotId: number) => Promise<FinanceProgramme[] | null>;

/** Where they are read: the finance service (the programmes in force) and the catalogue (the lot's card). */
export type ProgrammeSources = {
  finance: { valid(day?: string): Promise<FinanceProgramme[]>; today(): string };
  catalogue: { lotsByIds(ids: string[], locale: Locale): Promise<LotCard[]> };
};

export function lotProgrammesOf({ finance, catalogue }: ProgrammeSources): LotProgrammes {
  return (lotId) =>
    lotProgrammes(
      { valid: (day) => finance.valid(day), today: () => finance.today(), lot: async (id) => (await catalogue.lotsByIds([id], 'ru'))[0] },
      String(lotId),
    );
}

/** A lot as a buyer reads it in their language (project, kind and number), or null for a lot the catalogue does not know. */
export type LotNames = (lotId: number, locale: Locale) => Promise<string | null>;

/** The lot's names from its card: «Липовый, 2-комнатная квартира № 22» and the en and zh equivalents. */
export function lotNamesOf({ catalogue }: Pick<ProgrammeSources, 'catalogue'>): LotNames {
  return async (lotId, locale) => {
    const [lot] = await catalogue.lotsByIds([String(lotId)], locale);
    if (!lot) return null;
    return `${lot.projectName}, ${catalogueFormat(locale, translatorOf(locale)).lotTitle(lot)}`;
  };
}

/**
 * Whether a buyer's or a member's choice of programme may stand for a lot: none (in full, or decided later) always;
 * a programme only when it is offered for the lot. `offered` null (the catalogue does not know the lot) leaves the
 * answer to the lot's own check.
 */
export const programmeOffered = (programmeId: string | null, offered: readonly FinanceProgramme[] | null): boolean =>
  programmeId === null || offered === null || offered.some((p) => p.id === programmeId);
