import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { financeDay, isValidOn } from '#core/purchase/payments.ts';
import type { Bank, FinanceProgramme, MortgageKind } from '#core/purchase/types.ts';
import type { Db } from '../../db/client.ts';
import { banks, financeProgrammes, media } from '../../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

export type FinanceData = {
  banks: Bank[];
  programmes: FinanceProgramme[];
  /**
   * Changes whenever what the banks and programmes say changes, whoever wrote it (a hash of their values, not of their
   * `updated_at`, which an administrator's SQL leaves alone): the lot index rebuilds its monthly payments on a new one.
   */
  version: string;
};

/** A programme's row as the table holds it, in core's shape. */
export function programmeOf(row: typeof financeProgrammes.$inferSelect): FinanceProgramme {
  return {
    id: row.id,
    kind: row.kind,
    bankId: row.bankId,
    mortgageKind: row.mortgageKind,
    name: row.name,
    conditions: row.conditions,
    rate: row.rate,
    markup: row.markup,
    minDownPayment: row.minDownPayment,
    maxTermMonths: row.maxTermMonths,
    untilCompletion: row.untilCompletion,
    maxLoan: row.maxLoan,
    projects: row.projects,
    lotTypes: row.lotTypes,
    lots: row.lots,
    validFrom: row.validFrom,
    validTo: row.validTo,
    position: row.position,
  };
}

export async function loadFinance(db: Db): Promise<FinanceData> {
  const [bankRows, rows] = await Promise.all([
    // With each logo's look and alt text from the media library (issue #42).
    db
      .select({ row: banks, look: { alt: media.alt, crop: media.crop, focus: media.focus } })
      .from(banks)
      .leftJoin(media, eq(media.id, banks.logoMediaId))
      .orderBy(asc(banks.position), asc(banks.id)),
    db.select().from(financeProgrammes).orderBy(asc(financeProgrammes.position), asc(financeProgrammes.id)),
  ]);
  const data = {
    banks: bankRows.map(({ row: b, look }) => ({ id: b.id, name: b.name, logo: b.logo, logoLook: look, position: b.position })),
    programmes: rows.map(programmeOf),
  };
  return { ...data, version: createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 16) };
}

/**
 * The finance programmes (core/purchase): read through the shared cache, so pages keep quoting payments from
 * the last good copy while the database is down. `valid()` gives the programmes in force on a Moscow day.
 */
export function createFinanceService(db: Db, policy: CachePolicy = STRICT_POLICY) {
  const data = cached(() => loadFinance(db), 30_000, policy, 'finance programmes');
  const today = () => financeDay(policy.now());

  const service = {
    data: () => data.get(),
    today,
    async valid(day = today()): Promise<FinanceProgramme[]> {
      return (await data.get()).programmes.filter((p) => isValidOn(p, day));
    },
    /**
     * The lowest rate in force among the mortgages (programmes and special offers), of one mortgage kind when
     * given: the menus' "from X %". Null when none is in force.
     */
    async minRate(kind?: MortgageKind, day = today()): Promise<number | null> {
      const rates = (await service.valid(day)).filter((p) => p.kind !== 'installment' && (!kind || p.mortgageKind === kind)).map((p) => p.rate);
      return rates.length ? Math.min(...rates) : null;
    },
    invalidate: data.invalidate,
  };
  return service;
}
export type FinanceService = ReturnType<typeof createFinanceService>;
