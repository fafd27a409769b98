import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AdminContentMessages } from '#core/admin/messages.ts';
import type { Db } from '../../../db/client.ts';
import { sanitizeRichText } from '../sanitize.ts';

export type Values = Record<string, unknown>;
export type Row = Record<string, unknown>;
export type Key = number | string;

/**
 * Where a kind of content lives: its table, the rows that are its own (`scope`), its key, and the two mappings
 * between a row and the values of its description's schema (core/admin/kinds/). Most fields are the columns of the
 * same name; the mappings say only what differs (a picture in three columns, rich text cleaned on its way in).
 * Each kind's is its own file in kinds/, listed in kinds/index.ts.
 */
export type Binding = {
  table: PgTable;
  key: PgColumn;
  scope: SQL | null;
  /** The values the form edits, from a row. */
  toValues: (row: Row) => Values;
  /**
   * The columns to write, from checked values (rich text is cleaned here); `current` is the row being changed, null
   * for a new one (an auction keeps an end its bids extended).
   */
  toRow: (values: Values, current: Row | null) => Row;
  /** Where the public page of an item is (locale-free), for the preview and "open on the site". */
  publicPath?: (row: Row) => string | null;
  /** After a change is committed: what must learn of it in this process at once (the flags' copy in memory). */
  afterCommit?: 'flags';
  /**
   * The column of the item's address at the public `/{slug}`, which slug pages, collections and landings share (the
   * catch-all tries them in that order): the engine refuses a slug an item of another of these kinds holds
   * (`publicSlugClash`, service.ts); one of its own kind is the table's unique index.
   */
  publicSlug?: PgColumn;
  /** The field a unique violation is about (another item has it); `slug` when not said. */
  unique?: string;
  /** The field a foreign-key violation is about (it names a row that does not exist). */
  references?: string;
  /** The field a foreign-key violation on deleting is about (other rows still name the item: a bank's programmes). */
  referencedBy?: string;
  /**
   * Rows of another table an item holds as one of its fields, in order (a story's cards): read with the item and
   * written with it, in the same transaction, so its version, audit entry and revert cover them.
   */
  children?: {
    field: string;
    /** The children of the items `keys`, each item's in order. */
    read: (exec: Db, keys: Key[]) => Promise<Map<Key, Row[]>>;
    /** Makes the item's children these checked values, in this order. */
    write: (tx: Db, key: Key, items: Values[]) => Promise<void>;
  };
  /**
   * A check the schema cannot make alone (it needs other rows): the field it refuses and the message's key, or null.
   * Run in the change's transaction, before the write, for a create, a change, a delete (`values` null) and a revert;
   * `id` is null for a new item.
   */
  refuse?: (tx: Db, id: string | number | null, values: Values | null) => Promise<Refusal | null>;
  /**
   * What a written item changes elsewhere, in the change's transaction, after the write (an auction declared sold
   * marks its lot sold): committed with it, or not at all.
   */
  written?: (tx: Db, row: Row) => Promise<void>;
  /**
   * What a deleted item changes elsewhere, in the change's transaction, after the deletion (a neighbouring building
   * gone recomputes its project's sun): for a delete and for a revert that deletes, with the row as it was.
   */
  removed?: (tx: Db, row: Row) => Promise<void>;
};

/**
 * A binding's refusal: the field named and the key of its message (`errors.{message}` of the admin catalog: a shared
 * one, or its kind's own `words.errors`).
 */
export type Refusal = { field: string; message: Exclude<keyof AdminContentMessages['errors'], 'shared'> };

/** The fields named, from a row or values (a missing one is null). */
export function pick(row: Row, fields: readonly string[]): Values {
  return Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));
}

/** A binding whose fields are its columns of the same names. */
export const plain = (fields: readonly string[]) => ({ toValues: (row: Row) => pick(row, fields), toRow: (values: Values) => pick(values, fields) });

/** Rich text in the three languages, cleaned to the site's allow-list (server/modules/content/sanitize.ts). */
export function localizedHtml(value: unknown) {
  const v = value as { ru: string; en: string; zh: string };
  return { ru: sanitizeRichText(v.ru), en: sanitizeRichText(v.en), zh: sanitizeRichText(v.zh) };
}

/** A picture's value (the form's `imageRef`): its path and intrinsic size. */
export type Picture = { src: string; width: number; height: number };

export const EMPTY_TEXT = { ru: '', en: '', zh: '' };

/** Rows grouped by their parent's key, in the order read (an office's projects, a story's cards). */
export function byParent<R extends Row>(rows: R[], parent: (row: R) => Key): Map<Key, Row[]> {
  const out = new Map<Key, Row[]>();
  for (const row of rows) out.set(parent(row), [...(out.get(parent(row)) ?? []), row]);
  return out;
}
