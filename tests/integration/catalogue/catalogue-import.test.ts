import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, importFeed } from '#server/modules/catalogue/ingest/import.ts';
import { readCatalogueVersion } from '#server/modules/catalogue/snapshot.ts';
import { lots } from '#server/db/schema/index.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

describe.each(ENGINES)('catalogue import on %s', (engine) => {
  let t: TestApp;
  const lot = async (id: number) => (await t.services.database.db.select().from(lots).where(eq(lots.id, id)))[0]!;
  /** Ids of free flats without a discount, so each test changes something. */
  const freeFlats = async (n: number, skip: number) =>
    (await t.services.catalogue.filter({ type: ['flat'], status: ['free'], limit: n, offset: skip, ordering: 'area' }, 'ru')).results
      .filter((l) => l.oldPrice === null)
      .map((l) => Number(l.id));
  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
  });
  afterAll(async () => t?.dispose());

  it('applies a JSON feed by natural key or id, recomputes price per m², and bumps the version', async () => {
    const [first, second, third] = await freeFlats(3, 0);
    const before = await lot(first!);
    const project = before.projectId;
    const version = await readCatalogueVersion(t.services.database.db);
    const report = await importFeed(
      t.services.database,
      JSON.stringify({
        lots: [
          { project: String(project), type: before.type, number: before.number, price: 9_990_000, status: 'reserved', old_price: 10_500_000 },
          { id: second, status: 'sold' },
          { id: third, price: (await lot(third!)).price },
        ],
      }),
    );
    expect(report).toMatchObject({ format: 'json', total: 3, accepted: 3, changed: 2, unchanged: 1, rejected: [], applied: true });
    expect(report.version).toBe(version + 1);
    const after = await lot(first!);
    expect(after).toMatchObject({ price: 9_990_000, status: 'booked', oldPrice: 10_500_000, pricePerM2: Math.round(9_990_000 / before.area) });
    expect((await lot(second!)).status).toBe('sold');
    // The lot index follows once refreshed.
    await t.services.catalogue.refresh();
    const card = (await t.services.catalogue.lotsByIds([String(first)], 'ru'))[0]!;
    expect(card).toMatchObject({ price: 9_990_000, status: 'booked', oldPrice: 10_500_000 });
  });

  it('reads a CRM-style CSV (BOM, semicolons, quotes, spaced numbers, Russian statuses) and reports every rejected row', async () => {
    const [idA, idB] = await freeFlats(2, 10);
    const a = await lot(idA!);
    const b = await lot(idB!);
    const csv = [
      '\ufeffid;project;type;number;status;price;old_price;Комментарий',
      `;${a.projectId};${a.type};${a.number};свободна;"12 345 600";;"first; with a note"`,
      `${b.id};;;;продана;;;`,
      `;${a.projectId};villa;1;free;100;;`,
      `999999;;;;free;;;`,
      `${b.id};;;;free;-5;;`,
      `;lipovy;flat;;free;;;`,
      `;atlantis;flat;1;free;;;`,
      `;${a.projectId};${a.type};${a.number};free;11000000;10000000;`,
      `${b.id};;;;booked;;;`,
    ].join('\r\n');
    const report = await importFeed(t.services.database, csv);
    expect(report.format).toBe('csv');
    expect(report.total).toBe(9);
    expect(report.ignoredColumns).toEqual(['комментарий']);
    expect(report.accepted).toBe(2);
    const byRow = Object.fromEntries(report.rejected.map((r) => [r.row, r.errors]));
    expect(Object.keys(byRow).map(Number)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(byRow[4]).toHaveProperty('type');
    expect(byRow[5]!.id![0]).toMatch(/No lot with id 999999/);
    expect(byRow[6]).toHaveProperty('price');
    expect(byRow[7]).toHaveProperty('number');
    expect(byRow[8]!.project![0]).toMatch(/No project "atlantis"/);
    expect(byRow[9]!.old_price![0]).toMatch(/Must be above the price/);
    expect(byRow[10]!.non_field_errors![0]).toMatch(/same lot as row 3/);
    expect(await lot(a.id)).toMatchObject({ status: 'free', price: 12_345_600, oldPrice: null });
    expect((await lot(b.id)).status).toBe('sold');
    const text = formatReport(report);
    expect(text).toContain('9 rows (csv): 2 valid');
    expect(text).toContain('row 8');
    expect(text).toContain('Ignored columns: комментарий');
  });

  it('refuses a name or number holding a control character (a pasted cell’s U+001F), naming the field', async () => {
    const [first] = await freeFlats(1, 20);
    const before = await lot(first!);
    const report = await importFeed(
      t.services.database,
      JSON.stringify({ lots: [{ project: String(before.projectId), type: before.type, number: `${before.number}\u001f`, price: 9_990_000 }] }),
    );
    expect(report.accepted).toBe(0);
    expect(report.rejected[0]!.errors.number![0]).toMatch(/control characters/);
    expect((await lot(first!)).price).toBe(before.price);
  });

  it('applies nothing on a dry run, or with all-or-nothing when a row is bad', async () => {
    const [idA, idB] = await freeFlats(2, 20);
    const before = await lot(idA!);
    const version = await readCatalogueVersion(t.services.database.db);
    const feed = JSON.stringify([
      { id: idA, price: before.price + 1000 },
      { id: idB, status: 'gone' },
    ]);
    const dry = await importFeed(t.services.database, feed, { dryRun: true });
    expect(dry).toMatchObject({ applied: false, accepted: 1, version: null });
    const strict = await importFeed(t.services.database, feed, { allOrNothing: true });
    expect(strict).toMatchObject({ applied: false, accepted: 1 });
    expect(strict.rejected[0]).toMatchObject({ row: 2, lot: `id ${idB}`, errors: { status: [expect.stringContaining('Expected one of free')] } });
    expect((await lot(idA!)).price).toBe(before.price);
    expect(await readCatalogueVersion(t.services.database.db)).toBe(version);
  });

  it('refuses a feed that is not a feed', async () => {
    await expect(importFeed(t.services.database, '{"lots": 5}')).rejects.toThrow(/array of lots/);
    await expect(importFeed(t.services.database, '[{"id": 1', { format: 'json' })).rejects.toThrow(/not valid JSON/);
    const report = await importFeed(t.services.database, '[5, {"id": 1}, {"status": "free"}]', { dryRun: true });
    expect(report.rejected).toEqual([
      { row: 1, lot: null, errors: { non_field_errors: ['Expected an object'] } },
      { row: 2, lot: 'id 1', errors: { non_field_errors: [expect.stringMatching(/^Nothing to update/)] } },
      { row: 3, lot: null, errors: { non_field_errors: ['Name the lot: id, or project, type and number'] } },
    ]);
  });
});

describe('catalogue commands', () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-cli-'));
  const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
  // A guard against a hung command, not a time asserted: a full test run loads the machine (load average 16 on two
  // cores), and generating 3,000 lots with their pictures took over 2 minutes there (37 s beside it alone).
  const run = (script: string, args: string[]) => spawnSync(process.execPath, [script, ...args], { env, encoding: 'utf8', timeout: 480_000 });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates a catalogue of the asked size with its pictures, then imports a feed with a report and exit code', { timeout: 900_000 }, () => {
    expect(run('scripts/catalogue-generate.ts', ['--lots', 'many']).status).toBe(1);
    const generated = run('scripts/catalogue-generate.ts', ['--lots', '3000']);
    expect(generated.status, generated.stderr).toBe(0);
    expect(generated.stdout).toMatch(/4 projects, 12 buildings, \d+ floors, 3304 lots/);
    expect(existsSync(join(dir, 'media/catalogue/genplans/lipovy.png'))).toBe(true);
    expect(existsSync(join(dir, 'media/catalogue/lots/2k.v2.png'))).toBe(true);
    const feed = join(dir, 'feed.csv');
    writeFileSync(feed, 'project,type,number,price,status\nlipovy,flat,1,15000000,free\nlipovy,flat,1,x,free\n');
    const imported = run('scripts/catalogue-import.ts', [feed]);
    expect(imported.status, imported.stderr).toBe(2);
    expect(imported.stdout).toContain('2 rows (csv): 1 valid');
    expect(imported.stdout).toMatch(/row 3 \(lipovy\/flat\/1\): price: Expected a number/);
    const missing = run('scripts/catalogue-import.ts', [join(dir, 'nope.json')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Cannot read');
  });
});
