import { describe, expect, it } from 'vitest';
import { benefits as kind } from '#core/admin/kinds/benefits.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { benefits as binding } from './benefits.ts';

const values = {
  title: { ru: 'Trade-in', en: 'Trade-in', zh: '' },
  text: { ru: 'Зачтём вашу квартиру в счёт новой.', en: 'We take your flat towards the new one.', zh: '' },
  icon: 'swap',
  projectId: null,
  inPopup: true,
  onPage: false,
  published: true,
  position: 14,
};

describe('project benefits', () => {
  itBindsEveryField(kind, binding, { values });

  it('are shown somewhere: in the dialog, on the project page, or both', () => {
    expect(issuesOf(kind, { ...values, inPopup: false })).toEqual({ onPage: ['errors.benefitShown'] });
    expect(issuesOf(kind, { ...values, projectId: 2, onPage: true })).toEqual({});
  });
});
