import { eq } from 'drizzle-orm';
import { homeContentSchema, homeTexts, type HomeTexts } from '#core/content/home.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import { contentBlocks } from '../../db/schema/index.ts';
import { cached, STRICT_POLICY, type CachePolicy } from '../../db/cache.ts';

/**
 * The site's editorial blocks from the database (`content_blocks`), read through the shared cache like the
 * settings: a short freshness, then the last good copy while the database is away.
 */
export function createContentBlocksService(db: Db, policy: CachePolicy = STRICT_POLICY) {
  const home = cached(
    async () => {
      const [row] = await db.select().from(contentBlocks).where(eq(contentBlocks.key, 'home'));
      if (!row) throw new Error('content_blocks has no "home" block: run the seed (npm run db:seed)');
      return homeContentSchema.parse(row.content);
    },
    30_000,
    policy,
    'home content',
  );

  return {
    /** The home page's texts in one language. */
    async home(locale: Locale): Promise<HomeTexts> {
      return homeTexts(await home.get(), locale);
    },
    invalidate: home.invalidate,
  };
}
export type ContentBlocksService = ReturnType<typeof createContentBlocksService>;
