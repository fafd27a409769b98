import { inArray, notInArray, sql } from 'drizzle-orm';
import { type z } from 'zod';
import { bankInput, programmeInput, toBank, toProgramme } from '#core/purchase/schemas.ts';
import type { Bank, FinanceProgramme } from '#core/purchase/types.ts';
import type { Db } from '../../db/client.ts';
import { banks, financeProgrammes, projects } from '../../db/schema/index.ts';

/**
 * Writes partner banks and finance programmes (the seed and `npm run offers:import`): every row is checked
 * with the shared schema (core/purchase/schemas.ts) and against the catalogue (its projects) and the banks
 * (those in the database and those in the same file); only when every row is valid are they all written, in
 * one transaction, upserted by id. `prune` also removes the programmes the file does not list. Nothing is
 * half-applied: one bad row, and the report lists it and nothing is written.
 */
export type OffersInput = {
  banks?: unknown[] | undefined;
  programmes: unknown[];
  /** The file's row number of each record (a CSV's line); without it, the index plus `rowOffset`. */
  rows?: { banks?: number[]; programmes?: number[] } | undefined;
};
export type RejectedOffer = { record: 'bank' | 'programme'; row: number; id: string | null; errors: string[] };
export type OffersReport = {
  banks: { total: number; inserted: number; updated: number };
  programmes: { total: number; inserted: number; updated: number; removed: number };
  rejected: RejectedOffer[];
  applied: boolean;
};
export type OffersOptions = {
  dryRun?: boolean;
  prune?: boolean;
  rowOffset?: number;
  /** Check named projects against the catalogue (the import: yes; the demo seed, written before or without the catalogue: no). */
  checkProjects?: boolean;
};

const idOf = (raw: unknown): string | null =>
  raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : null;

const issuesOf = (error: z.ZodError): string[] => error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'row'}: ${i.message}`);

export async function writeOffers(db: Db, input: OffersInput, opts: OffersOptions = {}): Promise<OffersReport> {
  const rejected: RejectedOffer[] = [];
  const offset = opts.rowOffset ?? 1;
  const rowOf = (record: 'banks' | 'programmes', i: number) => input.rows?.[record]?.[i] ?? i + offset;
  const goodBanks: Bank[] = [];
  const seen = { bank: new Set<string>(), programme: new Set<string>() };
  for (const [i, raw] of (input.banks ?? []).entries()) {
    const parsed = bankInput.safeParse(raw);
    if (!parsed.success) rejected.push({ record: 'bank', row: rowOf('banks', i), id: idOf(raw), errors: issuesOf(parsed.error) });
    else if (seen.bank.has(parsed.data.id))
      rejected.push({ record: 'bank', row: rowOf('banks', i), id: parsed.data.id, errors: ['id: listed twice in the file.'] });
    else {
      seen.bank.add(parsed.data.id);
      goodBanks.push(toBank(parsed.data, i));
    }
  }
  const goodProgrammes: { row: number; programme: FinanceProgramme }[] = [];
  for (const [i, raw] of input.programmes.entries()) {
    const parsed = programmeInput.safeParse(raw);
    if (!parsed.success) rejected.push({ record: 'programme', row: rowOf('programmes', i), id: idOf(raw), errors: issuesOf(parsed.error) });
    else if (seen.programme.has(parsed.data.id))
      rejected.push({ record: 'programme', row: rowOf('programmes', i), id: parsed.data.id, errors: ['id: listed twice in the file.'] });
    else {
      seen.programme.add(parsed.data.id);
      goodProgrammes.push({ row: rowOf('programmes', i), programme: toProgramme(parsed.data, i) });
    }
  }

  const report: OffersReport = {
    banks: { total: input.banks?.length ?? 0, inserted: 0, updated: 0 },
    programmes: { total: input.programmes.length, inserted: 0, updated: 0, removed: 0 },
    rejected,
    applied: false,
  };

  await db.transaction(async (tx) => {
    // Checked inside the transaction that writes, so a bank or project removed meanwhile cannot slip through.
    const knownProjects = new Set((await tx.select({ id: projects.id }).from(projects)).map((p) => String(p.id)));
    const existingBanks = new Set((await tx.select({ id: banks.id }).from(banks)).map((b) => b.id));
    const knownBanks = new Set([...existingBanks, ...goodBanks.map((b) => b.id)]);
    for (const { row, programme: p } of goodProgrammes) {
      const errors: string[] = [];
      if (p.bankId && !knownBanks.has(p.bankId)) errors.push(`bank: no bank "${p.bankId}" (add it to "banks").`);
      const unknown = p.projects.filter((id) => !knownProjects.has(id));
      if (unknown.length && opts.checkProjects !== false) errors.push(`projects: no project ${unknown.map((id) => `"${id}"`).join(', ')} in the catalogue.`);
      if (errors.length) rejected.push({ record: 'programme', row, id: p.id, errors });
    }
    rejected.sort((a, b) => (a.record === b.record ? a.row - b.row : a.record === 'bank' ? -1 : 1));
    if (rejected.length || opts.dryRun) {
      const existing = new Set((await tx.select({ id: financeProgrammes.id }).from(financeProgrammes)).map((p) => p.id));
      report.banks.inserted = goodBanks.filter((b) => !existingBanks.has(b.id)).length;
      report.banks.updated = goodBanks.length - report.banks.inserted;
      report.programmes.inserted = goodProgrammes.filter((g) => !existing.has(g.programme.id)).length;
      report.programmes.updated = goodProgrammes.length - report.programmes.inserted;
      return;
    }
    // One writer at a time: two imports racing would interleave their upserts and prunes.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('finance_programmes'))`);
    const existing = new Set((await tx.select({ id: financeProgrammes.id }).from(financeProgrammes)).map((p) => p.id));
    const now = new Date();
    for (const b of goodBanks) {
      await tx
        .insert(banks)
        .values({ ...b, updatedAt: now })
        .onConflictDoUpdate({ target: banks.id, set: { name: b.name, logo: b.logo, position: b.position, updatedAt: now } });
      if (existingBanks.has(b.id)) report.banks.updated += 1;
      else report.banks.inserted += 1;
    }
    for (const { programme: p } of goodProgrammes) {
      const { id, ...rest } = p;
      await tx
        .insert(financeProgrammes)
        .values({ ...p, updatedAt: now })
        .onConflictDoUpdate({ target: financeProgrammes.id, set: { ...rest, updatedAt: now } });
      if (existing.has(id)) report.programmes.updated += 1;
      else report.programmes.inserted += 1;
    }
    if (opts.prune) {
      const keep = goodProgrammes.map((g) => g.programme.id);
      const removed = await tx
        .delete(financeProgrammes)
        .where(keep.length ? notInArray(financeProgrammes.id, keep) : sql`true`)
        .returning({ id: financeProgrammes.id });
      report.programmes.removed = removed.length;
    }
    // Touch a bank row when only removals happened, so the version every process watches still moves.
    if (opts.prune && report.programmes.removed && !goodProgrammes.length && !goodBanks.length) {
      await tx
        .update(banks)
        .set({ updatedAt: now })
        .where(inArray(banks.id, [...existingBanks].slice(0, 1)));
    }
    report.applied = true;
  });
  return report;
}
