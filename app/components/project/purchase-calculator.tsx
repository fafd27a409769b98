import { PaymentCalculator } from '#app/components/purchase/calculator.tsx';
import { useCalculatorContext } from '#app/components/purchase/use-calculator.ts';

/**
 * The project page's calculator, as its deferred part loads it (./purchase.tsx): it reads the page's calculator from
 * its scope, so the part takes no props that a render of the page could change (a new prop loads the code at once).
 */
export function ProjectCalculator() {
  const calc = useCalculatorContext();
  return calc ? <PaymentCalculator calc={calc} /> : null;
}
