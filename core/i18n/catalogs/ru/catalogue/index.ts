import codes from './codes.ts';
import lot from './lot.ts';
import project from './project.ts';
import lists from './lists.ts';

/**
 * Messages of the catalogue screens (Russian: the source; en and zh must have the same keys), one file per part of
 * the site: the shared words, a lot's page, a project's pages and the lists.
 */
const catalogue = { ...codes, ...lot, ...project, ...lists } as const;
export default catalogue;
