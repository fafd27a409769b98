import type { Db } from '../../../../db/client.ts';
import { bumpCatalogueVersion } from '../../../catalogue/index.ts';
import { storeInsolation } from '../../../insolation/index.ts';
import type { Row } from '../binding.ts';

/**
 * What the sun-and-view passport reads that an editor enters (issue #41: a project's master-plan scale and north, its
 * neighbouring buildings, its window views): a change recomputes that project's sun and views in the change's own
 * transaction and moves the catalogue's version, so the lot page, the chessboard, the PDF sheet, the API and the
 * filter show the new figures together, or the old ones if the change fails. The version is moved first: its row
 * lock is the catalogue's (ingest/write.ts `lockCatalogue`), so an import and a recompute never interleave.
 */
export async function recomputeProjectSun(tx: Db, projectId: number): Promise<void> {
  await bumpCatalogueVersion(tx);
  await storeInsolation(tx, { projectId });
}

/** The `written` and `removed` hooks of a binding whose rows name their project in `projectId`. */
export const recomputesItsProject = {
  written: (tx: Db, row: Row) => recomputeProjectSun(tx, row.projectId as number),
  removed: (tx: Db, row: Row) => recomputeProjectSun(tx, row.projectId as number),
};
