import { and, eq } from 'drizzle-orm';
import { buildings, windowViews as table } from '../../../../db/schema/index.ts';
import { plain, type Binding } from '../binding.ts';
import { recomputesItsProject } from './sun-inputs.ts';

/** Editors' window views per building, section and floor range (`window_views`): each change recomputes the project's views. */
export const windowviews: Binding = {
  table,
  key: table.id,
  scope: null,
  ...plain(['projectId', 'buildingNumber', 'sectionNumber', 'floorFrom', 'floorTo', 'side', 'tags']),
  references: 'projectId',
  // A rule for a building the project does not have would match no lot: refused, naming the building's number.
  refuse: async (tx, _id, values) => {
    if (!values) return null;
    const [building] = await tx
      .select({ id: buildings.id })
      .from(buildings)
      .where(and(eq(buildings.projectId, values.projectId as number), eq(buildings.number, values.buildingNumber as number)))
      .limit(1);
    return building ? null : { field: 'buildingNumber', message: 'unknownBuilding' };
  },
  ...recomputesItsProject,
};
