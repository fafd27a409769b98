import { financeContext } from '#core/purchase/calculator.ts';
import { RequestForm } from '#app/components/forms/request-form.tsx';
import { useT } from '#app/lib/i18n.tsx';
import type { Calculator } from './use-calculator.ts';
import { usePurchaseWords } from './words.ts';

/**
 * A purchase page's request: the form carries the calculator's chosen offer (the best one when every programme is
 * shown) to the sales team, as it stands when the visitor sends it; without JavaScript, as the server last answered.
 */
export function PurchaseRequest({ calc }: { calc: Calculator }) {
  const t = useT();
  const words = usePurchaseWords(calc.model.banks);
  const finance = financeContext(calc.offers);
  const chosen = calc.offers[0];
  return (
    <div className="rounded-3xl bg-white p-6 ring-1 ring-line sm:p-10">
      <h2 id="purchase-request-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        {t('purchase.page.request')}
      </h2>
      <p className="mt-2 text-muted">{t('purchase.page.requestIntro')}</p>
      {/* Two lines' room: the chosen offer's name changes with the calculator, the form below does not move. */}
      <p className="mt-2 min-h-[2lh] text-sm font-semibold">
        {chosen
          ? t('purchase.page.chosen', {
              programme: `${words.name(chosen.programme)}, ${words.lender(chosen.programme)}`,
              monthly: words.format.money(chosen.quote.monthly),
            })
          : ''}
      </p>
      <div className="mt-4">
        <RequestForm topic="mortgage" context={{ finance }} />
      </div>
    </div>
  );
}
