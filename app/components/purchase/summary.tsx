import { Link } from 'react-router';
import { PURCHASE_PROGRAMMES, type PurchaseProgramme } from '#core/catalogue/offer.ts';
import type { FinanceProgramme } from '#core/purchase/types.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { CALCULATOR_ID, type Calculator } from './use-calculator.ts';
import { usePurchaseWords } from './words.ts';

/**
 * The lot panel's line about paying: the best offer of the page's calculator at the terms chosen there (the
 * same figure as its first card), and the way down to it.
 */
export function PaymentSummary({ calc }: { calc: Calculator }) {
  const t = useT();
  const words = usePurchaseWords(calc.model.banks);
  const best = calc.offers[0];
  if (!best) return null;
  // Said as the lot's card says its "from N ₽ a month" (one formatter): at the default terms it is the same figure.
  const { programme, quote } = best;
  const payment = words.format.payment({
    payment: {
      monthly: quote.monthly,
      programmeName: words.name(programme),
      kind: programme.kind,
      bankName: programme.bankId ? words.lender(programme) : null,
      rate: programme.rate,
      downPaymentPercent: quote.downPaymentPercent,
    },
  })!;
  return (
    <div className="rounded-2xl bg-brand-50 p-4">
      <p className="text-sm text-muted">{t('purchase.lot.title')}</p>
      <p className="text-xl font-extrabold text-brand-800 tabular-nums">{payment.amount}</p>
      <p className="mt-1 text-xs text-muted">{payment.by}</p>
      <a
        href={`#${CALCULATOR_ID}`}
        className="mt-2 inline-flex min-h-10 items-center font-semibold text-brand-800 underline-offset-4 hover:underline print:hidden"
      >
        {t('purchase.lot.calculate')}
      </a>
    </div>
  );
}

/** Which purchase page tells about a programme. */
const pageOf = (p: FinanceProgramme): PurchaseProgramme =>
  p.kind === 'installment' ? 'installment' : p.mortgageKind === 'family' ? 'family-mortgage' : p.mortgageKind === 'it' ? 'it-mortgage' : 'mortgage';

/** The purchase pages of the programmes that finance this lot, in the purchase menu's order; none where none applies. */
export function PurchasePageLinks({ programmes }: { programmes: readonly FinanceProgramme[] }) {
  const t = useT();
  const lp = useLocalePath();
  const pages = PURCHASE_PROGRAMMES.filter((page) => programmes.some((p) => pageOf(p) === page));
  if (!pages.length) return null;
  return (
    <div className="mt-4 print:hidden">
      <h2 className="text-sm text-muted">{t('catalogue.programme.label')}</h2>
      {/* Two to a row whatever the words' widths, so the rows do not change with the visitor's system face. */}
      <ul className="mt-2 grid grid-cols-2 gap-2 text-sm">
        {pages.map((page) => (
          <li key={page}>
            <Link
              to={lp(`/purchase/${page}`)}
              className="flex h-full min-h-10 items-center justify-center rounded-xl bg-paper px-2 py-1 text-center leading-tight font-semibold ring-1 ring-line hover:text-brand-800"
            >
              {t(`catalogue.programme.${page}`)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
