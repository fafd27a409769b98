import { describe, expect, it } from 'vitest';
import { csvColumns, decodeRecord, itemsToCsv, parseCsv, type CsvRecord } from './csv.ts';
import { contentKind } from './kinds.ts';

const offices = contentKind('offices')!;
const redirects = contentKind('redirects')!;
const programmes = contentKind('programmes')!;

const office = {
  name: { ru: 'Офис на Тверской', en: 'Tverskaya office', zh: '特维尔办公室' },
  address: { ru: 'Тверская, 1', en: '1 Tverskaya St', zh: '特维尔街1号' },
  phones: ['+74951234567', '+74957654321'],
  email: null,
  projectIds: [1, 2],
  timeZone: 'Europe/Moscow',
  schedule: [
    { opens: '09:00', closes: '20:00', break: { from: '13:00', to: '14:00' } },
    { opens: '09:00', closes: '20:00', break: null },
    { opens: '09:00', closes: '20:00', break: null },
    { opens: '09:00', closes: '20:00', break: null },
    { opens: '09:00', closes: '20:00', break: null },
    { opens: '10:00', closes: '18:00', break: null },
    null,
  ],
  exceptions: [
    { date: '2027-01-01', hours: null },
    { date: '2027-01-02', hours: { opens: '10:00', closes: '16:00', break: null } },
  ],
  meetings: true,
  published: true,
  position: 2,
};

/** The file's rows as an import reads them. */
function records(kind: NonNullable<ReturnType<typeof contentKind>>, text: string): CsvRecord[] {
  const parsed = parseCsv(kind, text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.records;
}

describe('CSV of a kind (core/admin/csv.ts)', () => {
  it('writes a header of field names, a localized field in three columns and the week in seven, the key first', () => {
    const columns = csvColumns(offices);
    expect(columns[0]).toBe('id');
    expect(columns).toEqual(expect.arrayContaining(['name.ru', 'name.en', 'name.zh', 'schedule.mon', 'schedule.sun', 'exceptions', 'projectIds']));
  });

  it('reads back exactly what it wrote: an office with its hours, break, holidays and projects', () => {
    const text = itemsToCsv(offices, [{ id: '7', values: office }]);
    expect(text.startsWith('\uFEFFid,')).toBe(true);
    expect(text).toContain('09:00-20:00 (13:00-14:00)');
    expect(text).toContain('2027-01-01: closed');
    const [row] = records(offices, text);
    expect(row!.key).toBe('7');
    const decoded = decodeRecord(offices, row!, null);
    expect(decoded).toEqual({ ok: true, values: office });
    expect(offices.schema.safeParse((decoded as { values: unknown }).values).success).toBe(true);
  });

  it('keeps a text a spreadsheet would run as a formula as text, and takes the guard off on import', () => {
    const values = { oldPath: '/old', newPath: '=HYPERLINK("http://evil")' };
    const text = itemsToCsv(redirects, [{ id: '1', values }]);
    expect(text).toContain(`'=HYPERLINK`);
    expect(decodeRecord(redirects, records(redirects, text)[0]!, null)).toEqual({ ok: true, values });
  });

  it('changes only the columns the file has', () => {
    const [row] = records(offices, 'id,published,name.en\r\n7,false,Tverskaya sales office\r\n');
    const decoded = decodeRecord(offices, row!, office);
    expect(decoded).toEqual({ ok: true, values: { ...office, published: false, name: { ...office.name, en: 'Tverskaya sales office' } } });
  });

  it('reads numbers with a comma or a point, yes/no and да/нет, and a list a line or a semicolon apart (a programme’s projects by their codes)', () => {
    const [row] = records(programmes, 'id,rate,untilCompletion,lotTypes,projects\r\nfamily,"5,9",да,"flat;parking","lipovy\nsosnovy"\r\n');
    const decoded = decodeRecord(programmes, row!, null);
    expect(decoded.ok).toBe(true);
    const values = (decoded as { values: Record<string, unknown> }).values;
    expect(values).toMatchObject({ id: 'family', rate: 5.9, untilCompletion: true, lotTypes: ['flat', 'parking'], projects: ['lipovy', 'sosnovy'] });
  });

  it('names each cell it cannot read by its field', () => {
    const [row] = records(offices, 'id,position,meetings,schedule.mon,exceptions\r\n7,second,maybe,9 to 6,"new year: closed"\r\n');
    expect(decodeRecord(offices, row!, office)).toEqual({
      ok: false,
      errors: { position: 'number', meetings: 'boolean', schedule: 'hours', exceptions: 'exception' },
    });
  });

  it('refuses a file with unknown or repeated columns, without the key column, or without rows', () => {
    expect(parseCsv(offices, 'id,colour\r\n7,red\r\n')).toEqual({ ok: false, error: 'unknownColumn', columns: ['colour'] });
    expect(parseCsv(offices, 'id,position,position\r\n7,1,2\r\n')).toEqual({ ok: false, error: 'twice', columns: ['position'] });
    expect(parseCsv(offices, 'position\r\n1\r\n')).toEqual({ ok: false, error: 'keyColumn', columns: ['id'] });
    expect(parseCsv(offices, 'id,position\r\n')).toEqual({ ok: false, error: 'empty' });
    expect(parseCsv(offices, 'id,position\r\n"7,1\r\n')).toEqual({ ok: false, error: 'parse' });
  });

  it('numbers rows by their line in the file, the header being line 1', () => {
    expect(records(redirects, 'id,oldPath\r\n1,/a\r\n\r\n2,/b\r\n').map((r) => [r.line, r.key])).toEqual([
      [2, '1'],
      [3, '2'],
    ]);
  });
});
