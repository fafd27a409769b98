import type { ProjectDetail } from '#core/catalogue/types.ts';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { CALCULATOR_ID, useCalculatorContext } from '#app/components/purchase/use-calculator.ts';
import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { deferredPart } from '#app/lib/deferred.tsx';
import { useT } from '#app/lib/i18n.tsx';

/**
 * The calculator, far down the project page, is a deferred part (ADR 027): its HTML is in the page and works as a
 * form without JavaScript; its code loads as it comes within a screen of the viewport or at the first sign of use
 * in it (what the visitor typed meanwhile is carried over), so hydrating the page does not walk its ~300 elements.
 */
const calculator = deferredPart(() => import('./purchase-calculator.tsx').then((m) => m.ProjectCalculator), { near: true });

/** Each way to buy its own picture: paying in full and a trade-in are not one thing. */
function purchaseIcon(method: string): IconName {
  if (method === 'full_payment') return 'wallet';
  if (method === 'trade_in') return 'swap';
  return 'key';
}

/** Mortgages and instalment plans are the live programmes' to describe: the project's own texts about them can be out of date. */
export const financed = (method: string) => method.includes('mortgage') || method === 'installment';

/**
 * «Способы покупки»: the programmes in force in the project with the calculator (a typical flat's price), then
 * the project's other ways to buy (paying in full, a trade-in), a card each.
 */
export function ProjectPurchase({ methods }: { methods: ProjectDetail['purchaseInfo'] }) {
  const t = useT();
  const calc = useCalculatorContext();
  const others = methods.filter((item) => !financed(item.method));
  if (!calc && !others.length) return null;
  return (
    <Section id="purchase" title={t('catalogue.project.purchase')}>
      {calc ? (
        <div id={CALCULATOR_ID} className="scroll-mt-32 lg:scroll-mt-36">
          <p className="section-lead">{t('purchase.project.lead')}</p>
          <calculator.Part />
        </div>
      ) : null}
      {others.length ? (
        <ul className={`grid gap-4 md:grid-cols-2 ${calc ? 'mt-8' : ''}`}>
          {others.map((item) => (
            <li key={item.method} className="way-card">
              <span className="way-icon">
                <Icon name={purchaseIcon(item.method)} className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-bold">{item.title}</h3>
              <p className="mt-1.5 text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
