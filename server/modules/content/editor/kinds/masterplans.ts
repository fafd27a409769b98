import { projects } from '../../../../db/schema/index.ts';
import { pick, type Binding } from '../binding.ts';
import { recomputeProjectSun } from './sun-inputs.ts';

/** A project's master-plan scale and north (`projects.genplan_scale`, `genplan_north`): the rest of the row is the catalogue's. */
export const masterplans: Binding = {
  table: projects,
  key: projects.id,
  scope: null,
  toValues: (row) => ({ project: String(row.id), ...pick(row, ['genplanScale', 'genplanNorth']) }),
  toRow: (values) => pick(values, ['genplanScale', 'genplanNorth']),
  written: (tx, row) => recomputeProjectSun(tx, row.id as number),
};
