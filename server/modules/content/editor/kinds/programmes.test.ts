import { describe, expect, it } from 'vitest';
import { programmes as kind } from '#core/admin/kinds/programmes.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { programmes as binding } from './programmes.ts';

const values = {
  id: 'domfinance-family',
  kind: 'mortgage',
  bankId: 'domfinance',
  mortgageKind: 'family',
  name: { ru: 'Семейная ипотека', en: 'Family mortgage', zh: '' },
  conditions: { ru: 'Условия государственной программы.', en: "The state programme's terms.", zh: '' },
  rate: 6,
  markup: 0,
  minDownPayment: 20,
  maxTermMonths: 360,
  untilCompletion: false,
  maxLoan: 12_000_000,
  projects: [],
  lotTypes: ['flat'],
  lots: [],
  validFrom: '2026-01-01',
  validTo: null,
  position: 3,
};

describe('finance programmes', () => {
  itBindsEveryField(kind, binding, { values, stored: (columns) => columns });

  it('are judged whole by the offers import’s rules, each issue on its field', () => {
    expect(issuesOf(kind, { ...values, lotTypes: ['parking'] })).toEqual({ lotTypes: ['The family mortgage finances flats only.'] });
    expect(Object.keys(issuesOf(kind, { ...values, kind: 'installment', rate: 0, markup: 5 }))).toEqual(['bankId', 'mortgageKind']);
    // A rate lives in its field, never in the name; only an instalment plan runs until completion.
    expect(issuesOf(kind, { ...values, name: { ...values.name, en: 'Family mortgage at 6%' } })).toEqual({
      'name.en': ['A name carries no rate or percentage: the rate and markup are fields of their own, shown beside the name (e.g. «Зимнее предложение»).'],
    });
    expect(Object.keys(issuesOf(kind, { ...values, untilCompletion: true }))).toEqual(['untilCompletion']);
  });

  it('are stored as the import stores them; a bank that does not exist is a refusal on its field', () => {
    const plan = { ...values, kind: 'installment', bankId: null, mortgageKind: null, rate: 0, markup: 5, projects: ['lipovy', 'lipovy'] };
    expect(binding.toRow(plan, null)).toMatchObject({ kind: 'installment', bankId: null, projects: ['lipovy'] });
    expect(binding.references).toBe('bankId');
  });
});
