import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';

type Staffer = Awaited<ReturnType<typeof signedInStaff>>;
type Item = { id: string; version: string; values: Record<string, unknown> };

/**
 * The back office's CSV export and import (issue #42, core/admin/csv.ts) on each engine: a file round-trips; an
 * import is all or none, its report naming each refused row's line and fields in the editor's language; a change
 * reaches the public API like a save; the file's type and size are judged before it is read.
 */
describe.each(ENGINES)('CSV export and import on %s', (engine) => {
  let t: TestApp;
  let editor: Staffer;
  let sales: Staffer;

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
    [editor, sales] = await Promise.all([signedInStaff(t, 'editor'), signedInStaff(t, 'sales')]);
  });
  afterAll(async () => t?.dispose());

  const csvUrl = (kind: string) => `/api/admin/content/${kind}/csv/`;
  const exportCsv = (who: Staffer, kind: string) => t.app.inject({ method: 'GET', url: csvUrl(kind), headers: who.headers(csvUrl(kind)) });
  const importCsv = (who: Staffer, kind: string, body: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: csvUrl(kind),
      headers: { ...who.headers(csvUrl(kind)), 'content-type': 'text/csv', ...extra },
      payload: body,
    });
  const items = async (kind: string) =>
    (await t.app.inject({ url: `/api/admin/content/${kind}/`, headers: editor.headers(`/api/admin/content/${kind}/`) })).json().items as Item[];

  it('exports a kind as a UTF-8 file with a header of field names, and the same file imported changes nothing', async () => {
    const res = await exportCsv(editor, 'offices');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="offices-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFFid,name.ru,name.en,name.zh,')).toBe(true);
    const offices = await items('offices');
    const again = await importCsv(editor, 'offices', res.body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: offices.length });
  });

  it('applies nothing when one row is refused, and names each refused row by its line and fields', async () => {
    const [office, other] = await items('offices');
    const file = [
      'id,schedule.sun,position',
      `${office!.id},11:00-16:00,${office!.values.position as number}`,
      `${other!.id},from eleven,second`,
      '999999,closed,1',
    ].join('\r\n');
    const ru = await importCsv(editor, 'offices', file, { cookie: `${editor.headers('/').cookie}; admin_locale=ru` });
    expect(ru.statusCode, ru.body).toBe(400);
    expect(ru.json().detail).toBe('Ничего не изменено: 2 строки не прошли проверку.');
    expect(ru.json().rows).toEqual([
      {
        line: 3,
        key: other!.id,
        errors: {
          schedule: ['Часы в виде 09:00-20:00, с перерывом 09:00-20:00 (13:00-14:00), или closed для выходного.'],
          position: ['Нужно число (например 12,5 или 12.5).'],
        },
      },
      { line: 4, key: '999999', errors: { id: ['Записи с таким номером нет.'] } },
    ]);
    const en = await importCsv(editor, 'offices', file, { cookie: `${editor.headers('/').cookie}; admin_locale=en` });
    expect(en.json().detail).toBe('Nothing was changed: 2 rows did not pass the checks.');
    // The good row was not applied either.
    expect((await items('offices')).find((o) => o.id === office!.id)!.version).toBe(office!.version);
  });

  it('judges each row as a save would: a schema rule names the field, a change reaches the public office and the history', async () => {
    const [office] = await items('offices');
    const bad = await importCsv(editor, 'offices', `id,schedule.sun\r\n${office!.id},16:00-11:00\r\n`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().rows[0].errors)).toEqual(['schedule.6.closes']);
    const ok = await importCsv(editor, 'offices', `id,schedule.sun,name.en\r\n${office!.id},11:00-16:00,Imported office name\r\n`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const after = (await items('offices')).find((o) => o.id === office!.id)!;
    expect((after.values.schedule as unknown[])[6]).toEqual({ opens: '11:00', closes: '16:00', break: null });
    expect(after.values.name).toEqual({ ...(office!.values.name as object), en: 'Imported office name' });
    const history = (await t.app.inject({ url: `/api/admin/content/offices/${office!.id}/`, headers: editor.headers('/api/admin/content/offices/') })).json()
      .history as { action: string; staffEmail: string }[];
    expect(history[0]).toMatchObject({ action: 'update', staffEmail: editor.email });
    const site = await t.app.inject({ url: `/api/office/${office!.id}/?lang=en` });
    expect(site.body).toContain('Imported office name');
  });

  it('creates items from rows without a key, and a second row taking the same address undoes the first', async () => {
    const clash = await importCsv(editor, 'redirects', 'id,oldPath,newPath\r\n,/csv-old,/news\r\n,/csv-old,/promo\r\n');
    expect(clash.statusCode, clash.body).toBe(400);
    expect(clash.json().rows).toEqual([{ line: 3, key: '', errors: { oldPath: [expect.any(String)] } }]);
    expect((await items('redirects')).some((r) => r.values.oldPath === '/csv-old')).toBe(false);
    const done = await importCsv(editor, 'redirects', 'id,oldPath,newPath\r\n,/csv-old,/news\r\n,/csv-older,/promo\r\n');
    expect(done.json()).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const redirect = await t.app.inject({ url: '/csv-old' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/news');
  });

  it('judges the file before reading it: its type (415), its size (413), its header (400); sales may not (403)', async () => {
    const png = await importCsv(editor, 'redirects', 'x', { 'content-type': 'image/png' });
    expect(png.statusCode).toBe(415);
    expect(png.json().errors.file).toHaveLength(1);
    const big = await importCsv(editor, 'redirects', 'id,oldPath\r\n', { 'content-length': String(3 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    const header = await importCsv(editor, 'redirects', 'oldPath,colour\r\n/a,red\r\n', { cookie: `${editor.headers('/').cookie}; admin_locale=en` });
    expect(header.statusCode).toBe(400);
    expect(header.json().detail).toBe('File refused: Unknown columns: colour.');
    expect((await importCsv(sales, 'redirects', 'id,oldPath\r\n,/x\r\n')).statusCode).toBe(403);
    expect((await exportCsv(sales, 'redirects')).statusCode).toBe(403);
    // Kinds teams do not keep in spreadsheets have no CSV: the address is read as an item's, and refused.
    const news = await exportCsv(editor, 'news');
    expect([news.statusCode, news.headers['content-type']]).toEqual([400, expect.stringMatching(/^application\/json/)]);
  });
});
