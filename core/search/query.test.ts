import { describe, expect, it } from 'vitest';
import { normalizeNumber, normalizeText, numberMatch, readSearchQuery, SEARCH_MAX_LENGTH, textMatches } from './query.ts';

const ready = (q: string) => {
  const query = readSearchQuery(q);
  if (query.state !== 'ready') throw new Error(`not ready: ${query.state}`);
  return query;
};

describe('reading a search query', () => {
  it('trims it and tells nothing, too short and too long apart', () => {
    expect(readSearchQuery(undefined)).toEqual({ state: 'empty' });
    expect(readSearchQuery('   ')).toEqual({ state: 'empty' });
    expect(readSearchQuery(' л ')).toEqual({ state: 'short', text: 'л' });
    expect(readSearchQuery('«»')).toEqual({ state: 'short', text: '«»' });
    expect(readSearchQuery('я'.repeat(SEARCH_MAX_LENGTH + 1))).toEqual({ state: 'long' });
    expect(readSearchQuery(`  ${'я'.repeat(SEARCH_MAX_LENGTH)}  `).state).toBe('ready');
    // NUL and half an emoji are not text.
    expect(readSearchQuery('ab\u0000').state).toBe('empty');
    // A repeated parameter is read as its first value.
    expect(readSearchQuery(['22', 'x'])).toMatchObject({ state: 'ready', numbers: ['22'] });
  });

  it('takes a single digit as a lot number, and the number sign of each language off it', () => {
    expect(ready('7')).toMatchObject({ words: [], numbers: ['7'] });
    expect(ready('№ 22')).toMatchObject({ words: [], numbers: ['22'] });
    expect(ready('№22')).toMatchObject({ numbers: ['22'] });
    expect(ready('#22')).toMatchObject({ numbers: ['22'] });
    expect(ready('22 号')).toMatchObject({ numbers: ['22'] });
    expect(ready('22号')).toMatchObject({ numbers: ['22'] });
    expect(ready('Кв. 22')).toMatchObject({ words: ['кв'], numbers: ['22'] });
    expect(ready('Липовый, P-4')).toMatchObject({ words: ['липовый'], numbers: ['p-4'] });
  });
});

describe('matching', () => {
  it('compares names without case, «ё», quotes or full-width forms', () => {
    expect(normalizeText('ЖК «Зелёный   БЕРЕГ»')).toBe('жк зеленый берег');
    expect(normalizeText('Ｌｉｎｄｅｎ Ｑｕａｒｔｅｒ')).toBe('linden quarter');
    expect(textMatches(ready('зеленый'), [normalizeText('Зелёный берег')])).toBe(true);
    expect(textMatches(ready('ЗЕЛЁНЫЙ бер'), [normalizeText('Зелёный берег')])).toBe(true);
    expect(textMatches(ready('LINDEN'), [normalizeText('Липовый квартал'), normalizeText('Linden Quarter')])).toBe(true);
    expect(textMatches(ready('липовый берег'), [normalizeText('Липовый квартал')])).toBe(false);
    expect(textMatches(ready('松林'), [normalizeText('松林岸')])).toBe(true);
  });

  it('finds a lot by its number as its page writes it: the same number first, then those that begin with it', () => {
    expect(normalizeNumber('22')).toBe('22');
    expect(normalizeNumber('№ 22')).toBe('22');
    expect(normalizeNumber('P-4')).toBe('p-4');
    expect(numberMatch(['22'], '22')).toBe(2);
    expect(numberMatch(['22'], '221')).toBe(1);
    expect(numberMatch(['22'], '122')).toBe(0);
    expect(numberMatch(['22'], '2')).toBe(0);
    expect(numberMatch(['p-4'], normalizeNumber('P-4'))).toBe(2);
    expect(numberMatch([normalizeNumber('２２')], '22')).toBe(2);
  });
});
