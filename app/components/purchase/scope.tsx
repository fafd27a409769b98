import type { ReactNode } from 'react';
import type { CalculatorModel } from '#core/purchase/calculator.ts';
import { CalculatorContext, useCalculator } from './use-calculator.ts';

/**
 * A page's calculator for every piece that shows it (the lot panel's summary, the calculator, the request form);
 * none where no programme applies. Key it by what the page is about, so another lot starts from its own state.
 */
export function CalculatorScope({ model, children }: { model: CalculatorModel | null; children: ReactNode }) {
  return model ? <Live model={model}>{children}</Live> : <CalculatorContext.Provider value={null}>{children}</CalculatorContext.Provider>;
}

function Live({ model, children }: { model: CalculatorModel; children: ReactNode }) {
  const calc = useCalculator(model);
  return <CalculatorContext.Provider value={calc}>{children}</CalculatorContext.Provider>;
}
