import { programmeToWire } from '#core/admin/kinds/programmes.ts';
import { programmeInput, toProgramme } from '#core/purchase/schemas.ts';
import { financeProgrammes } from '../../../../db/schema/index.ts';
import { pick, type Binding } from '../binding.ts';

/** Every column of a programme, named as core's `toProgramme` names them (the compiler holds the two together). */
const fields = Object.keys({
  id: 0,
  kind: 0,
  bankId: 0,
  mortgageKind: 0,
  name: 0,
  conditions: 0,
  rate: 0,
  markup: 0,
  minDownPayment: 0,
  maxTermMonths: 0,
  untilCompletion: 0,
  maxLoan: 0,
  projects: 0,
  lotTypes: 0,
  lots: 0,
  validFrom: 0,
  validTo: 0,
  position: 0,
} satisfies Record<keyof ReturnType<typeof toProgramme>, 0>);

/** Finance programmes (`finance_programmes`), keyed by their own code; a programme names its bank (a foreign key). */
export const programmes: Binding = {
  table: financeProgrammes,
  key: financeProgrammes.id,
  scope: null,
  toValues: (row) => pick(row, fields),
  // Stored as the offers import stores it (core's `toProgramme`: no rate on an instalment plan, no repeats in lists).
  toRow: (values) => ({ ...toProgramme(programmeInput.parse(programmeToWire(values)), 0), updatedAt: new Date() }),
  unique: 'id',
  references: 'bankId',
};
