import { describe, expect, it } from 'vitest';
import { banks as kind } from '#core/admin/kinds/banks.ts';
import { BANK_LOGO_SIZE } from '../../../purchase/index.ts';
import { issuesOf, itBindsEveryField } from '#tests/fixtures/admin-kinds.ts';
import { banks as binding } from './banks.ts';

const values = { id: 'domfinance', name: { ru: 'ДомФинанс', en: 'DomFinance', zh: '' }, logo: { src: 'banks/domfinance.png', ...BANK_LOGO_SIZE }, position: 3 };

describe('partner banks', () => {
  itBindsEveryField(kind, binding, { values, stored: (columns) => columns });

  it('keep only a logo’s path, shown in the banks’ one box', () => {
    const row = binding.toRow({ ...values, logo: { src: 'uploads/ab/logo.png', width: 900, height: 300 } }, null);
    expect(row.logo).toBe('uploads/ab/logo.png');
    expect(binding.toValues(row).logo).toEqual({ src: 'uploads/ab/logo.png', ...BANK_LOGO_SIZE });
    expect(binding.toValues({ ...row, logo: null }).logo).toBeNull();
  });

  it('have a code of their own; one their programmes still name is not deleted', () => {
    expect(issuesOf(kind, { ...values, id: 'Dom Finance' })).toEqual({ id: ['errors.code'] });
    expect(binding.referencedBy).toBe('id');
  });
});
