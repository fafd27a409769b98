import type { Translate } from '../i18n/messages.ts';

/**
 * The chessboard's sun layer (issue #41): a cell's shade by its lot's minutes of direct sun on 21 March, in steps of
 * these hours — step 0 no direct sun, 1 under the first, then one step per range, the last from the highest on. The
 * demo's lots spread from none (north sides) to 12 hours (south and corner flats): three hours a step tells them apart.
 */
export const SUN_LAYER_HOURS = [3, 6, 9] as const;
export type SunLayerStep = 0 | 1 | 2 | 3 | 4;
export const SUN_LAYER_STEPS: readonly SunLayerStep[] = [0, 1, 2, 3, 4];

export function sunLayerStep(minutes: number): SunLayerStep {
  if (minutes <= 0) return 0;
  const above = SUN_LAYER_HOURS.filter((h) => minutes >= h * 60).length;
  return (above + 1) as SunLayerStep;
}

/** A step's words for the legend: «нет прямого солнца», «меньше 3 часов», «от 3 до 6 часов», «9 часов и больше». */
export function sunLayerStepLabel(step: SunLayerStep, t: Translate): string {
  if (step === 0) return t('insolation.noSun');
  if (step === 1) return t('insolation.layer.under', { count: SUN_LAYER_HOURS[0] });
  if (step === SUN_LAYER_HOURS.length + 1) return t('insolation.layer.atLeast', { count: SUN_LAYER_HOURS[SUN_LAYER_HOURS.length - 1]! });
  return t('insolation.layer.between', { from: SUN_LAYER_HOURS[step - 2]!, count: SUN_LAYER_HOURS[step - 1]! });
}
