import type { Translate } from '../i18n/messages.ts';

/** Minutes of sun as words: «5 ч 30 мин», «2 ч», «45 мин», or «нет прямого солнца» (the lot page, the chessboard, the PDF). */
export function sunDuration(minutes: number, t: Translate): string {
  if (minutes <= 0) return t('insolation.noSun');
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('insolation.durationMinutes', { m });
  if (m === 0) return t('insolation.durationHours', { h });
  return t('insolation.duration', { h, m });
}
