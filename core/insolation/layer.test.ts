import { describe, expect, it } from 'vitest';
import { translatorOf } from '../i18n/all-catalogs.ts';
import { SUN_LAYER_STEPS, sunLayerStep, sunLayerStepLabel } from './layer.ts';

describe('the chessboard sun layer’s steps', () => {
  it('put a lot in a step by its minutes of sun on 21 March, each bound in the higher step', () => {
    expect([0, 1, 179, 180, 359, 360, 539, 540, 720].map(sunLayerStep)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('name every step in words, with each language’s plural forms', () => {
    const words = (locale: 'ru' | 'en' | 'zh') => SUN_LAYER_STEPS.map((step) => sunLayerStepLabel(step, translatorOf(locale)));
    expect(words('ru')).toEqual(['нет прямого солнца', 'меньше 3 часов', 'от 3 до 6 часов', 'от 6 до 9 часов', '9 часов и больше']);
    expect(words('en')).toEqual(['no direct sun', 'under 3 hours', '3 to 6 hours', '6 to 9 hours', '9 hours or more']);
    expect(words('zh')).toEqual(['无直射阳光', '少于3小时', '3至6小时', '6至9小时', '9小时及以上']);
  });
});
