import { describe, expect, it } from 'vitest';
import en from '../i18n/catalogs/en/index.ts';
import ru from '../i18n/catalogs/ru/index.ts';
import zh from '../i18n/catalogs/zh/index.ts';
import { LOT_FILTER_KEYS, parseLotFilter, serializeLotFilter } from './filter.ts';
import { CHOICE_ITEMS, FACET_ITEMS, FLAG_ITEMS, LOT_FILTER_ITEMS, RANGE_ITEMS, roomChoice } from './filter-items.ts';

describe('the lot filter items, described once', () => {
  it('give every item a label in each language (catalogue.words.spec)', () => {
    for (const catalog of [ru, en, zh])
      for (const item of LOT_FILTER_ITEMS) expect((catalog.catalogue.words.spec as Record<string, string>)[item.name], item.name).toBeTruthy();
  });

  it('give the range units their words in each language', () => {
    for (const catalog of [ru, en, zh])
      for (const item of LOT_FILTER_ITEMS) if ('unit' in item) expect(catalog.catalogue.units[item.unit], item.name).toBeTruthy();
  });

  it('write the codec, the facets and the URL order from one list', () => {
    expect(FACET_ITEMS).toEqual(LOT_FILTER_ITEMS.map((item) => item.name));
    expect([...CHOICE_ITEMS, ...RANGE_ITEMS, ...FLAG_ITEMS].sort()).toEqual([...FACET_ITEMS].sort());
    expect(LOT_FILTER_KEYS.slice(0, 7)).toEqual(['project', 'building', 'type', 'rooms', 'euro', 'price_min', 'price_max']);
    expect(LOT_FILTER_KEYS.slice(-3)).toEqual(['ordering', 'limit', 'offset']);
    // Every item's own bounds are the codec's.
    for (const item of LOT_FILTER_ITEMS) {
      if (item.kind !== 'range') continue;
      expect(parseLotFilter({ [`${item.name}_max`]: String(item.max + 1) }).ok, item.name).toBe(false);
      expect(parseLotFilter({ [`${item.name}_min`]: String(item.min) }).ok, item.name).toBe(true);
    }
    const round = parseLotFilter({ rooms: '4,0', euro: 'true', floor_min: '-2', status: 'booked,free' });
    expect(round.ok && serializeLotFilter(round.filter).toString()).toBe('rooms=0%2C4&euro=true&floor_min=-2&status=free%2Cbooked');
  });

  it('count four rooms and more as one choice', () => {
    expect([0, 1, 3, 4, 7].map(roomChoice)).toEqual(['0', '1', '3', '4', '4']);
  });
});
