import type { LotCard } from '#core/catalogue/types.ts';
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

/**
 * Whether a buyer's or a member's choice of programme may stand for a lot: none (in full, or decided later) always;
 * a programme only when it is offered for the lot. `offered` null (the catalogue does not know the lot) leaves the
 * answer to the lot's own check.
 */
export const programmeOffered = (programmeId: string | null, offered: readonly FinanceProgramme[] | null): boolean =>
  programmeId === null || offered === null || offered.some((p) => p.id === programmeId);
