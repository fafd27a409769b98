import { benefits as table } from '../../../../db/schema/index.ts';
import { pick, type Binding } from '../binding.ts';

const fields = ['title', 'text', 'icon', 'projectId', 'inPopup', 'onPage', 'published', 'position'] as const;

/** Project benefits (`benefits`): a project's own, or the developer's (no project). */
export const benefits: Binding = {
  table,
  key: table.id,
  scope: null,
  toValues: (row) => pick(row, fields),
  toRow: (values) => ({ ...pick(values, fields), updatedAt: new Date() }),
};
