import type { useT } from '#app/lib/i18n.tsx';

const ROMAN = ['I', 'II', 'III', 'IV'] as const;

/** `2027-Q4` → «IV квартал 2027», `null`/`done` → «Дом сдан»: completion codes of lots and filter choices. */
export function completionText(code: string | null, t: ReturnType<typeof useT>): string {
  const match = code ? /^(\d{4})-Q([1-4])$/.exec(code) : null;
  if (!match) return t('catalogue.completion.done');
  const quarter = Number(match[2]);
  return t('catalogue.completion.quarter', { quarter: ROMAN[quarter - 1] ?? String(quarter), number: quarter, year: match[1]! });
}
