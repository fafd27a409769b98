import { seoMeta } from '../../../../db/schema/index.ts';
import { plain, type Binding } from '../binding.ts';

/** SEO meta per address (`seo_meta`): the address is the duplicate another row may already have. */
export const seo: Binding = { table: seoMeta, key: seoMeta.id, scope: null, unique: 'url', ...plain(['url', 'title', 'description']) };
