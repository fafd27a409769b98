import type { Messages } from '../../ru/index.ts';
import codes from './codes.ts';
import lot from './lot.ts';
import project from './project.ts';
import lists from './lists.ts';

const catalogue: Messages['catalogue'] = { ...codes, ...lot, ...project, ...lists };
export default catalogue;
