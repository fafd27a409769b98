import { describe, expect, it } from 'vitest';
import { buildingChoices, lotChoices } from './admin-choices.ts';
import { demoSnapshot } from './demo-snapshot.ts';
import type { CatalogueState } from './state.ts';

/**
 * The back office's lot picker (issue #42) on the demo catalogue, without a database: how typed numbers are read and
 * ranked. The endpoint and its labels: tests/integration/content/admin-content-pickers.test.ts.
 */
function catalogue() {
  const snap = demoSnapshot();
  const s = { snap } as CatalogueState;
  const lots = snap.lots;
  const at = (i: number) => ({
    project: snap.buildings[lots.building[i]!]!.project.name.ru,
    building: snap.buildings[lots.building[i]!]!.name.ru,
    number: lots.number[i]!,
  });
  const find = (project: string, building: string | undefined, number: string) => {
    for (let i = 0; i < lots.size; i += 1) {
      const lot = at(i);
      if (lot.project === project && (building === undefined || lot.building === building) && lot.number === number) return i;
    }
    throw new Error(`no lot ${project} ${building} ${number}`);
  };
  const search = (q: string, limit = 20) => lotChoices(s, { q, limit }, 'ru').map((c) => Number(c.value));
  return { snap, lots, at, find, search };
}

describe('the back office’s lot picker', () => {
  it('finds a lot whose number is more than digits («P-4», «12а») by that number, as the site search reads it', () => {
    const { lots, find, search } = catalogue();
    const parking = find('Сосновый берег', undefined, '40');
    const letter = find('Липовый квартал', undefined, '12');
    lots.number[parking] = 'P-4';
    lots.number[letter] = '12а';
    expect(search('P-4')[0]).toBe(lots.id[parking]);
    expect(search('p-4')[0]).toBe(lots.id[parking]);
    expect(search('№ P-4')[0]).toBe(lots.id[parking]);
    expect(search('Сосновый P-4')).toEqual([lots.id[parking]]);
    expect(search('12а')[0]).toBe(lots.id[letter]);
    expect(search('Липовый 12А')).toEqual([lots.id[letter]]);
  });

  it('ranks by the numbers the lot’s number answers: one its building’s name holds is neutral', () => {
    const { lots, at, search } = catalogue();
    const numbers = (q: string) => search(q, 50).map((id) => at(lots.id.indexOf(id)));
    // «Корпус 1 4»: flat № 4 of every «Корпус 1» first (the «1» is the building's), then those beginning with 4.
    const four = numbers('Корпус 1 4');
    const exact = four.filter((l) => l.number === '4');
    expect(exact.length).toBeGreaterThan(1);
    expect(exact.every((l) => l.building === 'Корпус 1')).toBe(true);
    expect(four.slice(0, exact.length)).toEqual(exact);
    expect(four.slice(exact.length).every((l) => l.number.startsWith('4'))).toBe(true);
    expect(numbers('Сосновый берег Корпус 1 4')[0]).toEqual({ project: 'Сосновый берег', building: 'Корпус 1', number: '4' });
    // «Корпус 1 15»: lot 15 is an exact match, not one whose number begins with the building's «1».
    const fifteen = numbers('Корпус 1 15');
    // (Lot 15 of another building answers both «1» and «15» with its number: it comes after them, among those beginning with them.)
    const same = fifteen.filter((l) => l.number === '15' && l.building === 'Корпус 1');
    expect(same.length).toBeGreaterThan(1);
    expect(fifteen.slice(0, same.length)).toEqual(same);
    expect(fifteen.every((l) => l.number.startsWith('15'))).toBe(true);
  });

  it('still finds a kind spelled with a digit («евро-2») among a building’s lots', () => {
    const { lots, at, search } = catalogue();
    const found = search('Сосновый евро-2', 50);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((id) => at(lots.id.indexOf(id)).project === 'Сосновый берег')).toBe(true);
  });
});

describe('the back office’s building select', () => {
  it('lists every building of the project, past any limit, and at most `limit` of those a search finds', () => {
    const snap = demoSnapshot();
    const project = snap.projects[0]!;
    const model = project.buildings[0]!;
    // A project of 63 buildings: more than the 50 the select used to ask for.
    for (let n = 4; n <= 63; n += 1) project.buildings.push({ ...model, number: n, name: { ru: `Корпус ${n}`, en: `Building ${n}`, zh: `${n}号楼` } });
    const s = { snap } as CatalogueState;
    const all = buildingChoices(s, { project: project.id, limit: 20 }, 'ru');
    expect(all).toHaveLength(63);
    expect(all.map((c) => c.value)).toEqual(Array.from({ length: 63 }, (_, k) => String(k + 1)));
    expect(all[62]).toEqual({ value: '63', label: 'Корпус 63' });
    expect(buildingChoices(s, { project: project.id, q: 'корпус', limit: 20 }, 'ru')).toHaveLength(20);
    expect(buildingChoices(s, { project: project.id, ids: ['63'], limit: 1 }, 'en')).toEqual([{ value: '63', label: 'Building 63' }]);
  });
});
