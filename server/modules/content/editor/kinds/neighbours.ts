import { insolationNeighbours as table } from '../../../../db/schema/index.ts';
import { plain, type Binding } from '../binding.ts';
import { recomputesItsProject } from './sun-inputs.ts';

/** Neighbouring buildings that shade a project (`insolation_neighbours`): each change recomputes the project's sun. */
export const neighbours: Binding = {
  table,
  key: table.id,
  scope: null,
  ...plain(['projectId', 'name', 'outline', 'height', 'position']),
  references: 'projectId',
  ...recomputesItsProject,
};
