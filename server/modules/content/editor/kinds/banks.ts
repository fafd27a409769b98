import { banks as table } from '../../../../db/schema/index.ts';
import { BANK_LOGO_SIZE } from '../../../purchase/index.ts';
import { pick, type Binding, type Picture } from '../binding.ts';
import { mediaIdOf, pictureValue } from '../picture.ts';

/** Partner banks (`banks`), keyed by their own code. */
export const banks: Binding = {
  table,
  key: table.id,
  scope: null,
  // A logo is shown in the banks' one box (BANK_LOGO_SIZE): only its path is kept, as the offers import keeps it.
  toValues: (row) => ({
    ...pick(row, ['id', 'name', 'position']),
    logo: row.logo ? pictureValue(row.logo, BANK_LOGO_SIZE.width, BANK_LOGO_SIZE.height, row.logoMediaId) : null,
  }),
  toRow: (values) => ({
    ...pick(values, ['id', 'name', 'position']),
    logo: (values.logo as Picture | null)?.src ?? null,
    logoMediaId: mediaIdOf(values.logo),
    updatedAt: new Date(),
  }),
  unique: 'id',
  // Programmes name their bank (ON DELETE RESTRICT): a bank still named is not deleted.
  referencedBy: 'id',
};
