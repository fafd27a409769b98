import type { FinanceProgramme } from './types.ts';

/** A plain programme for the unit tests (a standard 12 % mortgage for every kind of lot), overridden field by field. */
export const programme = (over: Partial<FinanceProgramme> = {}): FinanceProgramme => ({
  id: 'p',
  kind: 'mortgage',
  bankId: 'bank',
  mortgageKind: 'standard',
  name: { ru: 'П', en: 'P', zh: 'P' },
  conditions: { ru: '', en: '', zh: '' },
  rate: 12,
  markup: 0,
  minDownPayment: 20,
  maxTermMonths: 360,
  untilCompletion: false,
  maxLoan: null,
  projects: [],
  lotTypes: ['flat', 'parking', 'pantry', 'commercial'],
  lots: [],
  validFrom: '2026-01-01',
  validTo: null,
  position: 0,
  ...over,
});
