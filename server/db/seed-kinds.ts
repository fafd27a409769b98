/**
 * Writes the demo's items (seed-demo.ts) as the back office writes them: each checked by its kind's schema
 * (core/admin/kinds/) and turned into its rows by its kind's binding (server/modules/content/editor/kinds/), its
 * children too (a story's cards, an office's projects), so the seed and the back office cannot disagree on what an
 * item may hold or how it is stored. An item its kind refuses stops the seed, named.
 */
import { contentKind } from '#core/admin/kinds.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Key, Row, Values } from '../modules/content/editor/binding.ts';
import { BINDINGS } from '../modules/content/editor/kinds/index.ts';
import { validate } from '../modules/content/editor/messages.ts';
import { contentBlocks } from './schema/index.ts';
import type { Executor } from './client.ts';
import type { DemoItem, DemoMenuLink } from './seed-demo.ts';

/**
 * The item's values as the back office's check of a save gives them back (its kind's schema); a refusal throws,
 * naming the item, its fields and the editor's English words for what is wrong.
 */
export function checkedValues(item: DemoItem): Values {
  const checked = validate(contentKind(item.kind)!.schema, item.values, 'en');
  if (checked.ok) return checked.data;
  const issues = Object.entries(checked.errors).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  throw new Error(`${item.where}: the back office's "${item.kind}" refuses it: ${issues.join('; ')}`);
}

/**
 * The item's row as its binding makes it, with the columns its kind does not edit. The time of the change is left
 * to the table (the seed's transaction time, the same for every row it writes).
 */
function rowOf(item: DemoItem, values: Values): Row {
  const { updatedAt: _changed, ...row } = BINDINGS[item.kind].toRow(values, null);
  return { ...item.columns, ...row };
}

/**
 * Writes items of one table (publications hold three kinds) in one statement, in their order, then each one's
 * children; `keep`: an item whose key the table already has keeps its row (for kinds without children).
 */
export async function writeItems(tx: Executor, items: DemoItem[], keep?: PgColumn): Promise<void> {
  if (!items.length) return;
  const values = items.map(checkedValues);
  const { table, children } = BINDINGS[items[0]!.kind];
  if (items.some((item) => BINDINGS[item.kind].table !== table)) throw new Error(`seed: ${items[0]!.where}: items of other tables in one write`);
  const rows = items.map((item, i) => rowOf(item, values[i]!));
  const insert = tx.insert(table).values(rows);
  const written = (await (keep ? insert.onConflictDoNothing({ target: keep }) : insert).returning()) as Row[];
  if (!children) return;
  if (written.length !== items.length) throw new Error(`seed: ${items[0]!.where}: an item with children was not written`);
  const field = contentKind(items[0]!.kind)!.key.field;
  for (const [i, row] of written.entries()) await children.write(tx, row[field] as Key, values[i]![children.field] as Values[]);
}

/** Writes menu links one by one, each submenu's under the number its parent was given. */
export async function writeMenus(tx: Executor, links: DemoMenuLink[], parentId: number | null = null): Promise<void> {
  const { table, key } = BINDINGS.menus;
  for (const link of links) {
    const item = { ...link.item, values: { ...link.item.values, parentId } };
    const [row] = (await tx
      .insert(table)
      .values(rowOf(item, checkedValues(item)))
      .returning({ id: key })) as { id: number }[];
    await writeMenus(tx, link.links, row!.id);
  }
}

/**
 * The home page's block: the texts the back office edits, checked by its kind, with the block's other parts as
 * content/home.ts has them (the binding merges a change into the stored block, which a first write does not have).
 */
export async function writeHome(tx: Executor, item: DemoItem, block: object): Promise<void> {
  await tx.insert(contentBlocks).values({ key: 'home', content: { ...block, ...checkedValues(item) } });
}
