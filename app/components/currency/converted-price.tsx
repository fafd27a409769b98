import { convertedPrice } from '#core/currency/format.ts';
import { useChosenRate } from '#app/lib/currency.tsx';
import { useLocale, useT } from '#app/lib/i18n.tsx';

/**
 * A price in the visitor's currency beside the roubles, never instead (ADR 037): «≈ 164 000 $ по курсу Банка России
 * на 28 ноября». Nothing for a visitor who chose none, and nothing when the rates are stale.
 */
export function ConvertedPrice({
  roubles,
  perMonth = false,
  className = 'text-sm text-muted tabular-nums',
  as: Tag = 'p',
}: {
  roubles: number;
  perMonth?: boolean;
  className?: string;
  /** `span` inside phrasing content (a list row's cell). */
  as?: 'p' | 'span';
}) {
  const rate = useChosenRate();
  const locale = useLocale();
  const t = useT();
  if (!rate) return null;
  return (
    <Tag className={className} data-converted-price={rate.code}>
      {convertedPrice(locale, t, roubles, rate, perMonth)}
    </Tag>
  );
}
