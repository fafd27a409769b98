import { describe, expect, it } from 'vitest';
import type { Locale } from '#core/i18n/locales.ts';
import { loadMessages, translator } from '#core/i18n/messages.ts';
import { figureIndicators, type ProjectFigures } from './project-figures.ts';

const figures: ProjectFigures = {
  buildings: 3,
  storeys: { min: 15, max: 17 },
  flats: 1241,
  parking: 2,
  ceiling: { min: 3, max: 3.3 },
  completion: '2027-Q4',
};

async function labels(locale: Locale, f: ProjectFigures = figures) {
  const messages = await loadMessages(locale);
  return figureIndicators(f, locale, translator(messages, locale));
}

describe('figureIndicators', () => {
  it('says a project’s counted figures in Russian with the word agreeing with the figure', async () => {
    expect(await labels('ru')).toEqual([
      { value: '3', label: 'дома' },
      { value: '15–17', label: 'этажей' },
      { value: '1\u00a0241', label: 'квартира в проекте' },
      { value: '3,0–3,3 м', label: 'высота потолков' },
      { value: 'IV квартал 2027', label: 'срок сдачи' },
      { value: '2', label: 'машино-места' },
    ]);
    const one = await labels('ru', { ...figures, buildings: 1, storeys: { min: 5, max: 5 }, flats: 25, ceiling: { min: 2.8, max: 2.8 } });
    expect(one.slice(0, 4)).toEqual([
      { value: '1', label: 'дом' },
      { value: '5', label: 'этажей' },
      { value: '25', label: 'квартир в проекте' },
      { value: '2,8 м', label: 'высота потолков' },
    ]);
  });

  it('says them in English and Chinese', async () => {
    expect((await labels('en')).map((i) => `${i.value} ${i.label}`)).toEqual([
      '3 buildings',
      '15–17 storeys',
      '1,241 flats in the project',
      '3.0–3.3 m ceiling height',
      'Q4 2027 completion',
      '2 parking spaces',
    ]);
    expect((await labels('zh'))[4]).toEqual({ value: '2027 年第 4 季度', label: '交付时间' });
  });

  it('leaves out what a project lacks: no parking, no flats, a completed project’s date', async () => {
    const done = await labels('en', { buildings: 2, storeys: { min: 8, max: 8 }, flats: 0, parking: 0, ceiling: null, completion: null });
    expect(done).toEqual([
      { value: '2', label: 'buildings' },
      { value: '8', label: 'storeys' },
    ]);
  });
});
