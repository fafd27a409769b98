import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as demo from '#content/purchase.ts';
import { t } from '#core/i18n/localized.ts';
import { banks, financeProgrammes } from '#server/db/schema/index.ts';
import { formatOffersReport, importOffers, readOffers } from '#server/modules/purchase/import.ts';
import type { Database } from '#server/db/client.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';

const plan = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'installment',
  name: t('План', 'Plan', '方案'),
  conditions: t('Условия', 'Terms', '条件'),
  markup: 3,
  min_down_payment: 25,
  max_term_months: 12,
  lot_types: ['flat'],
  valid_from: '2026-01-01',
  ...extra,
});

describe.each(ENGINES)('offers import on %s', (engine) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const ids = async () => (await database.db.select({ id: financeProgrammes.id }).from(financeProgrammes)).map((r) => r.id).sort();
  const programme = async (id: string) => (await database.db.select().from(financeProgrammes).where(eq(financeProgrammes.id, id)))[0];

  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine, { catalogue: true }));
    // The catalogue's projects are there: a programme naming an unknown project is rejected.
  }, 120_000);
  afterAll(async () => dispose?.());

  it('applies a JSON file: new banks and programmes inserted, known ones updated, in one transaction', async () => {
    const before = await ids();
    const file = JSON.stringify({
      banks: [{ id: 'volga', name: t('Волга Банк', 'Volga Bank', '伏尔加银行'), logo: 'banks/volga.png' }],
      programmes: [
        {
          id: 'volga-standard',
          kind: 'mortgage',
          bank: 'volga',
          mortgage_kind: 'standard',
          name: t('Стандарт', 'Standard', '标准'),
          conditions: t('Условия', 'Terms', '条件'),
          rate: 17.25,
          min_down_payment: 10,
          max_term_months: 300,
          lot_types: ['flat', 'parking'],
          projects: ['2'],
          valid_from: '2026-01-01',
        },
        { ...demo.programmes.find((p) => p.id === 'nord-family'), rate: 5.5 },
      ],
    });
    const report = await importOffers(database.db, file);
    expect(report).toMatchObject({
      format: 'json',
      applied: true,
      rejected: [],
      banks: { total: 1, inserted: 1, updated: 0 },
      programmes: { total: 2, inserted: 1, updated: 1, removed: 0 },
    });
    expect(await ids()).toEqual([...before, 'volga-standard'].sort());
    expect(await programme('nord-family')).toMatchObject({ rate: 5.5 });
    expect(await programme('volga-standard')).toMatchObject({ bankId: 'volga', rate: 17.25, projects: ['2'], lotTypes: ['flat', 'parking'] });
    expect(formatOffersReport(report)).toContain('Applied in one transaction: programmes 1 new, 1 updated, 0 removed; banks 1 new, 0 updated.');
  });

  it('reports every bad row with its number, id and each field, and applies nothing', async () => {
    const before = await ids();
    const file = JSON.stringify({
      programmes: [
        plan('fine-plan'),
        plan('bad-plan', { markup: 'lots', lot_types: [], valid_from: '2026-02-30' }),
        { ...plan('banked-plan'), bank: 'nord' },
        {
          id: 'family-parking',
          kind: 'mortgage',
          bank: 'nord',
          mortgage_kind: 'family',
          name: t('С', 'F', '家'),
          conditions: t('-', '-', '-'),
          rate: 6,
          min_down_payment: 20,
          max_term_months: 360,
          lot_types: ['parking'],
          valid_from: '2026-01-01',
        },
        { ...plan('ghost-bank'), kind: 'mortgage', markup: undefined, bank: 'ghost', mortgage_kind: 'standard', rate: 10 },
        plan('far-project', { projects: ['999'] }),
        plan('fine-plan'),
      ],
    });
    const report = await importOffers(database.db, file);
    expect(report.applied).toBe(false);
    const byRow = Object.fromEntries(report.rejected.map((r) => [r.row, r]));
    expect(Object.keys(byRow).map(Number)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(byRow[2]!.id).toBe('bad-plan');
    expect(byRow[2]!.errors.map((e) => e.split(':')[0]).sort()).toEqual(['lot_types', 'markup', 'valid_from']);
    expect(byRow[3]!.errors).toEqual(["bank: An instalment plan is the developer's own: no bank."]);
    expect(byRow[4]!.errors).toEqual(['lot_types: The family mortgage finances flats only.']);
    expect(byRow[5]!.errors).toEqual(['bank: no bank "ghost" (add it to "banks").']);
    expect(byRow[6]!.errors).toEqual(['projects: no project "999" in the catalogue.']);
    expect(byRow[7]!.errors).toEqual(['id: listed twice in the file.']);
    expect(await ids()).toEqual(before);
    const text = formatOffersReport(report);
    expect(text).toContain('7 programmes and 0 banks (json): 6 rejected.');
    expect(text).toContain('Nothing applied');
    expect(text).toContain('programme row 4 (family-parking): lot_types: The family mortgage finances flats only.');
  });

  it('reads a CSV: localized columns, lists separated by |, banks declared inline, errors named as columns', async () => {
    const csv = [
      '\ufeffid;kind;bank;mortgage_kind;name_ru;name_en;name_zh;conditions_ru;conditions_en;conditions_zh;rate;markup;min_down_payment;max_term_months;max_loan;projects;lot_types;valid_from;valid_to;bank_name_ru;bank_name_en;bank_name_zh;bank_logo;comment',
      'oka-flats;mortgage;oka;standard;Ока;Oka;奥卡;"Условия; с точкой с запятой";Terms;条件;"17,9";;15;360;"60 000 000";2|3;flat|parking;2026-01-01;;Ока Банк;Oka Bank;奥卡银行;banks/oka.png;note',
      'oka-pantry;mortgage;oka;standard;Ока;Oka;奥卡;У;T;条;18.5;;20;240;;;pantry;2026-01-01;2027-12-31;Ока Банк;Oka Bank;奥卡银行;banks/oka.png;',
      'csv-plan;installment;;;Рассрочка;Plan;;У;T;条;;2;30;12;;;flat;2026-01-01;;;;;;',
    ].join('\r\n');
    const read = readOffers(csv);
    expect(read.format).toBe('csv');
    expect(read.ignoredColumns).toEqual(['comment']);
    expect(read.input.banks).toHaveLength(1);
    const rejected = await importOffers(database.db, csv, { format: 'csv' });
    expect(rejected.applied).toBe(false);
    expect(rejected.rejected).toEqual([{ record: 'programme', row: 4, id: 'csv-plan', errors: [expect.stringMatching(/^name_zh: /)] }]);
    expect(await programme('oka-flats')).toBeUndefined();

    const fixed = csv.replace(';Рассрочка;Plan;;', ';Рассрочка;Plan;分期;');
    const report = await importOffers(database.db, fixed);
    expect(report).toMatchObject({ applied: true, rejected: [], banks: { inserted: 1 }, programmes: { inserted: 3 } });
    expect(await programme('oka-flats')).toMatchObject({
      rate: 17.9,
      maxLoan: 60_000_000,
      projects: ['2', '3'],
      lotTypes: ['flat', 'parking'],
      conditions: t('Условия; с точкой с запятой', 'Terms', '条件'),
      validTo: null,
    });
    expect(await programme('oka-pantry')).toMatchObject({ validTo: '2027-12-31', lotTypes: ['pantry'], maxLoan: null });
    expect((await database.db.select().from(banks).where(eq(banks.id, 'oka')))[0]).toMatchObject({
      logo: 'banks/oka.png',
      name: t('Ока Банк', 'Oka Bank', '奥卡银行'),
    });

    const badCsv = [
      'id,kind,bank,mortgage_kind,name_ru,name_en,name_zh,conditions_ru,conditions_en,conditions_zh,rate,min_down_payment,max_term_months,lot_types,valid_from,bank_name_ru',
      'x1,mortgage,new-bank,standard,А,A,甲,У,T,条,ten,20,360,flat|villa,2026-01-01,Новый',
    ].join('\n');
    const bad = await importOffers(database.db, badCsv);
    const fields = bad.rejected.flatMap((r) => r.errors.map((e) => `${r.record}:${e.split(':')[0]}`)).sort();
    expect(fields).toEqual(['bank:bank_name_en', 'bank:bank_name_zh', 'programme:lot_types', 'programme:rate']);
    expect(bad.rejected.every((r) => r.row === 2)).toBe(true);
  });

  it('applies nothing on a dry run, and with --prune removes the programmes the file does not list', async () => {
    const before = await ids();
    const dry = await importOffers(database.db, JSON.stringify({ programmes: [plan('dry-plan')] }), { dryRun: true, prune: true });
    expect(dry).toMatchObject({ applied: false, dryRun: true, rejected: [], programmes: { inserted: 1 } });
    expect(formatOffersReport(dry)).toContain('Dry run, nothing applied; would write programmes 1 new, 0 updated; banks 0 new, 0 updated.');
    expect(await ids()).toEqual(before);

    const keep = demo.programmes.filter((p) => p.kind === 'installment');
    const pruned = await importOffers(database.db, JSON.stringify({ programmes: keep }), { prune: true });
    expect(pruned).toMatchObject({ applied: true, programmes: { updated: keep.length, removed: before.length - keep.length } });
    expect(await ids()).toEqual(keep.map((p) => p.id).sort());
    // Banks stay: a programme may name them again later.
    expect((await database.db.select().from(banks)).length).toBeGreaterThan(5);
  });

  it('refuses a file that is not an offers file', async () => {
    await expect(importOffers(database.db, '{"programmes": 5}')).rejects.toThrow(/An offers file is/);
    await expect(importOffers(database.db, '{"offers": []}')).rejects.toThrow(/An offers file is/);
    await expect(importOffers(database.db, '{"programmes": [', { format: 'json' })).rejects.toThrow(/not valid JSON/);
    await expect(importOffers(database.db, 'kind;rate\nmortgage;5', { format: 'csv' })).rejects.toThrow(/no "id" column/);
  });
});

describe('offers:import command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'offers-cli-'));
  const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
  const run = (args: string[]) => spawnSync(process.execPath, ['scripts/offers-import.ts', ...args], { env, encoding: 'utf8', timeout: 120_000 });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints a row report and exits 0 when applied, 2 when rows were rejected, 1 when the file cannot be read', { timeout: 180_000 }, () => {
    const good = join(dir, 'offers.json');
    writeFileSync(good, JSON.stringify({ programmes: [plan('cli-plan')] }));
    const applied = run([good, '--dry-run']);
    expect(applied.status, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('1 programmes and 0 banks (json): 0 rejected.');
    const csv = join(dir, 'offers.csv');
    writeFileSync(
      csv,
      'id,kind,name_ru,name_en,name_zh,conditions_ru,conditions_en,conditions_zh,min_down_payment,max_term_months,lot_types,valid_from\ncli-csv,installment,А,A,甲,У,T,条,120,12,flat,2026-01-01\n',
    );
    const rejected = run([csv, '--json']);
    expect(rejected.status).toBe(2);
    expect(JSON.parse(rejected.stdout).rejected).toEqual([
      { record: 'programme', row: 2, id: 'cli-csv', errors: [expect.stringMatching(/^min_down_payment: /)] },
    ]);
    const missing = run([join(dir, 'nope.json')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Cannot read');
    expect(run([]).status).toBe(1);
  });
});
