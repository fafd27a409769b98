import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { publications } from '#content/publications.ts';
import { pages } from '#content/pages/index.ts';
import { blocksToHtml } from '#core/content/rich-text.ts';

/** A migration's statements from the `from`-th (statements before it make what the test's table already has). */
const statementsOf = (file: string, from = 0) =>
  readFileSync(new URL(`../../../server/db/migrations/${file}`, import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .slice(from);

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
    for (const statement of statementsOf('0022_admin_content.sql', 1)) await db.exec(statement);
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

/** Migration 0023 does the same for the slug pages (policy pages, the agents' and partners' pages…). */
describe('slug page bodies: blocks to rich text (migration 0023)', () => {
  it('writes every demo page body as the seeder does, and leaves bodies already in HTML alone', async () => {
    const db = new PGlite();
    await db.exec('CREATE TABLE pages (id serial PRIMARY KEY, body jsonb NOT NULL)');
    for (const p of pages) await db.query('INSERT INTO pages (body) VALUES ($1)', [JSON.stringify(p.body)]);
    const html = { ru: '<p>уже</p>', en: '<p>already</p>', zh: '<p>已</p>' };
    await db.query('INSERT INTO pages (body) VALUES ($1)', [JSON.stringify(html)]);
    for (const statement of statementsOf('0023_pages_rich_text.sql')) await db.exec(statement);
    const rows = (await db.query<{ body: Record<'ru' | 'en' | 'zh', string> }>('SELECT body FROM pages ORDER BY id')).rows;
    expect(rows).toHaveLength(pages.length + 1);
    pages.forEach((p, i) => {
      expect(rows[i]!.body).toEqual({ ru: blocksToHtml(p.body.ru), en: blocksToHtml(p.body.en), zh: blocksToHtml(p.body.zh) });
    });
    // The disclosure page's button is a link to the platform; the sanitiser opens it in a new tab (ADR 026).
    expect(rows[pages.findIndex((p) => p.slug === 'disclosure')]!.body.en).toMatch(/<p><a href="https:\/\/disclosure\.example\.ru[^"]*">Go to page<\/a><\/p>$/);
    expect(rows.at(-1)!.body).toEqual(html);
    expect((await db.query("SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'admin_content_%'")).rows).toEqual([{ n: 0 }]);
    await db.close();
  });
});
