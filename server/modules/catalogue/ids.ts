import type { ProjectScope } from '#core/catalogue/service.ts';
import type { BuildingNode, ProjectNode, Snapshot } from './snapshot.ts';

/** A catalogue id in a URL or an API path: 1–9 digits. Anything else finds nothing (one rule for every id). */
export function parseId(value: string): number | null {
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export function projectFor(snap: Snapshot, id: string, scope?: ProjectScope): ProjectNode | null {
  const key = parseId(id);
  if (key === null) return null;
  const project = snap.projectById.get(key) ?? null;
  // /shared-projects/{id} serves only shared projects; /projects/{id} serves every project (menus link them all).
  return project && scope?.shared && !project.shared ? null : project;
}
export function buildingFor(snap: Snapshot, projectId: string, buildingId: string, scope?: ProjectScope): BuildingNode | null {
  const project = projectFor(snap, projectId, scope);
  const key = parseId(buildingId);
  if (!project || key === null) return null;
  const building = snap.buildingById.get(key);
  return building && building.project === project ? building : null;
}
