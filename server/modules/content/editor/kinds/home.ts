import { eq, sql } from 'drizzle-orm';
import ruHome from '#core/i18n/catalogs/ru/home-blocks.ts';
import enHome from '#core/i18n/catalogs/en/home-blocks.ts';
import zhHome from '#core/i18n/catalogs/zh/home-blocks.ts';
import { contentBlocks } from '../../../../db/schema/index.ts';
import { pick, type Binding, type Values } from '../binding.ts';

/**
 * The home page's texts the back office edits, in the `home` block of `content_blocks` (core/content/home.ts); the
 * block's other keys are kept as they are. A block written before the selector's heading was data has the
 * catalogs' words.
 */
const HOME_FIELDS = ['hero', 'selector', 'advantages', 'indicators', 'app', 'englishManagers'] as const;
const CATALOG_SELECTOR = {
  title: { ru: ruHome.selector.title, en: enHome.selector.title, zh: zhHome.selector.title },
  lead: { ru: ruHome.selector.lead, en: enHome.selector.lead, zh: zhHome.selector.lead },
};

export const home: Binding = {
  table: contentBlocks,
  key: contentBlocks.key,
  scope: eq(contentBlocks.key, 'home'),
  toValues: (row) => {
    const content = row.content as Values;
    return { ...pick(content, HOME_FIELDS), selector: content.selector ?? CATALOG_SELECTOR };
  },
  // Merged into the block, whose other keys stay.
  toRow: (values) => ({ content: sql`${contentBlocks.content} || ${JSON.stringify(pick(values, HOME_FIELDS))}::jsonb`, updatedAt: new Date() }),
};
