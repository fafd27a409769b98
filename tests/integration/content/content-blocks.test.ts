import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { home as demoHome } from '#content/home.ts';
import type { Database } from '#server/db/client.ts';
import { seedIfEmpty } from '#server/db/seed.ts';
import { createContentBlocksService } from '#server/modules/content/blocks.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';

describe.each(ENGINES)('content blocks on %s', (engine) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await freshDatabase(engine));
  });
  afterAll(async () => dispose?.());

  it("gives the home page's texts from the database, each block only in the languages it exists in", async () => {
    const blocks = createContentBlocksService(database.db);
    const ru = await blocks.home('ru');
    const en = await blocks.home('en');
    const zh = await blocks.home('zh');
    expect(ru.hero.title).toBe(demoHome.hero.title.ru);
    expect(en.hero.title).toBe(demoHome.hero.title.en);
    expect(zh.advantages.map((item) => item.title)).toEqual(demoHome.advantages.map((item) => item.title.zh));
    // The residents' app only in Russian; English-speaking managers only in English and Chinese.
    expect([ru.app?.title, en.app, zh.app]).toEqual([demoHome.app.title.ru, null, null]);
    expect([ru.englishManagers, en.englishManagers?.title, zh.englishManagers?.title]).toEqual([
      null,
      demoHome.englishManagers.title.en,
      demoHome.englishManagers.title.zh,
    ]);
  });

  it('shows an edit made in the database once the cached copy is renewed', async () => {
    const blocks = createContentBlocksService(database.db);
    expect((await blocks.home('en')).hero.title).toBe(demoHome.hero.title.en);
    await database.db.execute(
      sql`update content_blocks set content = jsonb_set(content, '{hero,title,en}', '"Homes for the whole family"') where key = 'home'`,
    );
    blocks.invalidate();
    expect((await blocks.home('en')).hero.title).toBe('Homes for the whole family');
  });

  it('refuses a block whose shape an edit broke, naming what is wrong, rather than showing half of it', async () => {
    await database.db.execute(sql`update content_blocks set content = content - 'hero' where key = 'home'`);
    await expect(createContentBlocksService(database.db).home('ru')).rejects.toThrow(/hero/);
  });

  it('gives a database seeded before content blocks existed the demo ones on the next start', async () => {
    await database.db.execute(sql`delete from content_blocks`);
    expect(await seedIfEmpty(database)).toBe(true);
    expect((await createContentBlocksService(database.db).home('ru')).hero.title).toBe(demoHome.hero.title.ru);
    expect(await seedIfEmpty(database)).toBe(false);
  });
});
