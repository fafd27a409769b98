/**
 * The demo developer's four projects as blueprints: what is built where (buildings, sections, floors,
 * layouts) and the texts of the project pages in three languages. Names, taglines and completion labels
 * come from content/projects.ts, so the menus, the home page and the catalogue tell one story. Everything here
 * is invented. The generator (generate.ts) turns blueprints into rows; media.ts draws their pictures.
 */
import type { ProjectBlueprint } from './demo-blueprint.ts';
import { lipovy } from './demo-projects/lipovy.ts';
import { sosnovy } from './demo-projects/sosnovy.ts';
import { vysoty } from './demo-projects/vysoty.ts';
import { zvezdny } from './demo-projects/zvezdny.ts';

export const DEMO_PROJECTS: ProjectBlueprint[] = [lipovy, sosnovy, vysoty, zvezdny];
