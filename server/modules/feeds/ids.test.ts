import { describe, expect, it } from 'vitest';
import { portalIdsRow, readPortalIds } from './ids.ts';

describe('portal ids file', () => {
  it('reads a CSV (any delimiter, a BOM, blank lines) with each row’s line, and names unknown columns', () => {
    const { format, rows, ignoredColumns } = readPortalIds('\ufeffPortal;Building;complex_id;house_id;note\ncian;7;48211;1174401;x\n\navito;8;3021457;;\n');
    expect(format).toBe('csv');
    expect(ignoredColumns).toEqual(['note']);
    expect(rows).toEqual([
      { row: 2, raw: { portal: 'cian', building: '7', complex_id: '48211', house_id: '1174401' } },
      { row: 4, raw: { portal: 'avito', building: '8', complex_id: '3021457' } },
    ]);
  });

  it('reads JSON as an array or {"ids": [...]}, numbering rows from 1', () => {
    expect(readPortalIds('[{"portal":"cian"}]').rows).toEqual([{ row: 1, raw: { portal: 'cian' } }]);
    expect(readPortalIds('{"ids":[{},{}]}').rows.map((r) => r.row)).toEqual([1, 2]);
    expect(() => readPortalIds('{"rows":[]}')).toThrow(/\{"ids": \[\.\.\.\]\}/);
    expect(() => readPortalIds('{oops')).toThrow(/not valid JSON/);
    expect(() => readPortalIds('portal;complex_id\ncian;1\n')).toThrow(/no "building" column/);
  });

  it('checks each row and names the field', () => {
    expect(portalIdsRow.parse({ portal: 'yandex', building: '3', complex_id: ' 1843205 ', house_id: null })).toEqual({
      portal: 'yandex',
      building: 3,
      complex_id: '1843205',
      house_id: null,
    });
    const issues = (raw: unknown) => portalIdsRow.safeParse(raw).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ portal: 'ozon', building: 1, complex_id: '1' })).toEqual(['portal: must be one of yandex, cian, avito, domclick']);
    expect(issues({ portal: 'cian', building: 'seven', complex_id: '1' })).toEqual(['building: must be a building id (a number)']);
    expect(issues({ portal: 'cian', building: 1 })).toEqual(['complex_id: is required']);
    expect(issues({ portal: 'cian', building: 1, complex_id: 'a b' })).toEqual(['complex_id: letters, digits and . _ : / - only']);
    expect(issues({ portal: 'cian', building: 1, complex_id: '1', extra: 1 })?.[0]).toMatch(/extra/);
  });
});
