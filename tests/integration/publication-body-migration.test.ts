import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { publications } from '#content/publications.ts';
import { blocksToHtml } from '#core/content/rich-text.ts';

/**
 * Migration 0022 turns publication bodies stored as blocks into rich text exactly as the seeder writes the demo
 * content (core/content/rich-text.ts `blocksToHtml`): one format, however the database was filled.
 */
describe('publication bodies: blocks to rich text (migration 0022)', () => {
  it('writes every demo body as the seeder does, and leaves bodies already in HTML alone', async () => {
    const db = new PGlite();
    await db.exec('CREATE TABLE publications (id serial PRIMARY KEY, body jsonb NOT NULL, publish_at timestamptz)');
    for (const p of publications) await db.query('INSERT INTO publications (body) VALUES ($1)', [JSON.stringify(p.body)]);
    const html = { ru: '<p>уже</p>', en: '<p>already</p>', zh: '<p>已</p>' };
    await db.query('INSERT INTO publications (body) VALUES ($1)', [JSON.stringify(html)]);
    // The migration's statements after its first (the column it adds exists here already).
    const statements = readFileSync(new URL('../../server/db/migrations/0022_admin_content.sql', import.meta.url), 'utf8')
      .split('--> statement-breakpoint')
      .slice(1);
    for (const statement of statements) await db.exec(statement);
    const rows = (await db.query<{ body: Record<'ru' | 'en' | 'zh', string> }>('SELECT body FROM publications ORDER BY id')).rows;
    expect(rows).toHaveLength(publications.length + 1);
    publications.forEach((p, i) => {
      expect(rows[i]!.body).toEqual({ ru: blocksToHtml(p.body.ru), en: blocksToHtml(p.body.en), zh: blocksToHtml(p.body.zh) });
    });
    expect(rows.at(-1)!.body).toEqual(html);
    // The helper functions are gone.
    expect((await db.query("SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'admin_content_%'")).rows).toEqual([{ n: 0 }]);
    await db.close();
  });
});
