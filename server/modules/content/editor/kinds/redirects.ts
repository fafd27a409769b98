import { redirects as table } from '../../../../db/schema/index.ts';
import { plain, type Binding } from '../binding.ts';

/** Redirects (`redirects`): an old address is the duplicate another redirect may already have. */
export const redirects: Binding = { table, key: table.id, scope: null, unique: 'oldPath', ...plain(['oldPath', 'newPath']) };
