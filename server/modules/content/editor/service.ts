import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  CONTENT_ENTITY_PREFIX as ENTITY_PREFIX,
  CONTENT_KINDS,
  contentEntity as entityOf,
  contentKind,
  ownKey,
  type ContentKind,
  type ContentKindName,
} from '#core/admin/kinds.ts';
import { slugReserved } from '#core/content/pages.ts';
import { ADMIN_CONTENT_MESSAGES, optionWord } from '#core/admin/messages.ts';
import { decodeRecord, type CsvRecord } from '#core/admin/csv.ts';
import type { AdminLocale } from '#core/admin/roles.ts';
import { isId } from '#core/schemas/id.ts';
import type { Db } from '../../../db/client.ts';
import { banks, menuItems, projects } from '../../../db/schema/index.ts';
import type { Binding, Refusal } from './binding.ts';
import { BINDINGS } from './kinds/index.ts';
import type { Actor, AuditRecord, AuditTrail } from './audit.ts';
import { validate } from './messages.ts';
import { versionOf } from './version.ts';
import { MissingPicture, resolvePictures } from './library.ts';
import { sanitizeRichText } from '../sanitize.ts';

type Values = Record<string, unknown>;

/** A name in the editor's language, Russian where it has none. */
const pickName = (value: Partial<Record<AdminLocale, string>> | null | undefined, locale: AdminLocale): string => value?.[locale] || value?.ru || '';
type Row = Record<string, unknown>;
type Key = number | string;

/** What an editor sees of one item: its values and the version they were at. */
export type ContentItem = { id: string; values: Values; version: string; publicPath: string | null };
export type ContentListItem = { id: string; values: Values; version: string };

export type SaveResult =
  /** `auditId`: the change's entry in the audit trail (a deletion is undone by reverting it). */
  | { ok: true; item: ContentItem; auditId?: string }
  | { ok: false; status: 400; errors: Record<string, string[]> }
  | { ok: false; status: 404 }
  | { ok: false; status: 409; current: ContentItem | null };

/** One refused row of a CSV import: its line in the file, its key cell, and its fields' reasons. */
export type CsvRowRefusal = { line: number; key: string; errors: Record<string, string[]> };
/** What a CSV import came to: how many items it created, changed and left, or, with nothing written, the refused rows. */
export type CsvImportResult = { ok: true; created: number; updated: number; unchanged: number } | { ok: false; refused: CsvRowRefusal[] };

/** What a bulk publish or unpublish came to: the ids changed, or, with nothing written, each refused id's reasons. */
export type BulkResult = { ok: true; changed: string[] } | { ok: false; status: 400 | 404; errors: Record<string, string[]> };

export type { Actor };

/** The kinds whose items are pages at the public `/{slug}` (their bindings' `publicSlug`). */
const SLUG_KINDS = CONTENT_KINDS.filter((name) => BINDINGS[name].publicSlug);

/**
 * PostgreSQL's error code (23505 a unique violation, 23503 a missing referenced row, or a row still referenced; 23001
 * a row still referenced under `ON DELETE RESTRICT`), as both drivers report it.
 */
function sqlState(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * The schema-driven editing engine (ADR 026): every kind of content is listed, read, created, changed, deleted and
 * reverted the same way, through its description (core/admin/kinds/) and its table binding (kinds/, binding.ts).
 * A change is checked with the description's schema, written only if the item is still at the version the editor
 * loaded (else 409 with the current item), and recorded in the audit trail with its before and after in the same
 * transaction; a revert is a new change restoring `before`, recorded the same way. The tables' data-version
 * triggers (migration 0020) tell every instance's page cache.
 */
export function createContentEditor(db: Db, audit: AuditTrail, hooks: { flags?: () => Promise<unknown>; changed?: () => Promise<unknown> } = {}) {
  const where = (binding: Binding, id: Key): SQL => (binding.scope ? and(binding.scope, eq(binding.key, id))! : eq(binding.key, id));

  function item(kind: ContentKind, binding: Binding, row: Row): ContentItem {
    const values = binding.toValues(row);
    // Its key as its values have it (a master plan's `project`, the row's `id`), else its row's column of that name.
    return { id: String(values[kind.key.field] ?? row[kind.key.field]), values, version: versionOf(values), publicPath: binding.publicPath?.(row) ?? null };
  }

  /** An item's key from its address: a number, or the kind's own key (a flag's). */
  const parseKey = (kind: ContentKind, id: string): Key | null => {
    if (!kind.key.pattern.test(id)) return null;
    if (ownKey(kind)) return id;
    return isId(id) ? Number(id) : null;
  };

  /** What must learn of a committed change in this process at once. */
  async function committed(binding: Binding) {
    // This instance reads the data versions now rather than at its next poll: the editor sees the site follow at once.
    await hooks.changed?.();
    if (binding.afterCommit === 'flags') await hooks.flags?.();
  }

  /** The rows with the children each item holds as one of its fields (a story's cards), when its kind has some. */
  async function withChildren(exec: Db, kind: ContentKind, binding: Binding, rows: Row[]): Promise<Row[]> {
    const children = binding.children;
    if (!children || !rows.length) return rows;
    const byKey = await children.read(
      exec,
      rows.map((row) => row[kind.key.field] as Key),
    );
    return rows.map((row) => ({ ...row, [children.field]: byKey.get(row[kind.key.field] as Key) ?? [] }));
  }

  async function readRow(exec: Db, kind: ContentKind, binding: Binding, id: Key, lock = false): Promise<Row | null> {
    const query = exec.select().from(binding.table).where(where(binding, id));
    const rows = (lock ? await query.for('update') : await query) as Row[];
    return rows[0] ? (await withChildren(exec, kind, binding, rows))[0]! : null;
  }

  /**
   * Writes `values` (already checked) over `current`, the row `id` as it is, or inserts when `id` is null (or
   * `insertAs`, a deleted item coming back with its key), and the item's children; returns the written row.
   */
  async function write(
    tx: Db,
    kind: ContentKind,
    binding: Binding,
    id: Key | null,
    values: Values,
    current: Row | null,
    insertAs: Key | null = null,
  ): Promise<Row> {
    // Each picture tied to its media library row, its path and size the library's (server/modules/content/editor/library.ts).
    const pictures = await resolvePictures(tx, values);
    if (!pictures.ok) throw new MissingPicture(pictures.field);
    values = pictures.values;
    const columns = binding.toRow(values, current);
    const [row] = (
      id === null
        ? await tx
            .insert(binding.table)
            .values(insertAs === null ? columns : { ...columns, [kind.key.field]: insertAs })
            .returning()
        : await tx.update(binding.table).set(columns).where(where(binding, id)).returning()
    ) as Row[];
    if (binding.children) await binding.children.write(tx, row![kind.key.field] as Key, values[binding.children.field] as Values[]);
    await binding.written?.(tx, row!);
    return (await withChildren(tx, kind, binding, [row!]))[0]!;
  }

  /**
   * The checks of other rows before a change is written: the address at `/{slug}` (for every kind that has one), then
   * the binding's own (a menu link's parent, an auction's bids). A 400 naming the field, or null.
   */
  async function refusal(tx: Db, kind: ContentKind, binding: Binding, id: Key | null, values: Values | null, locale: AdminLocale) {
    const refused = (values && (await publicSlugClash(tx, kind.name, values))) ?? (await binding.refuse?.(tx, id, values)) ?? null;
    return refused ? { ok: false as const, status: 400 as const, errors: { [refused.field]: [ADMIN_CONTENT_MESSAGES[locale].errors[refused.message]] } } : null;
  }

  function checked(kind: ContentKind, values: unknown, locale: AdminLocale) {
    return validate(kind.schema, values, locale);
  }

  const duplicate = (kind: ContentKind, locale: AdminLocale): SaveResult => {
    const field = BINDINGS[kind.name].unique ?? 'slug';
    return { ok: false, status: 400, errors: { [field]: [ADMIN_CONTENT_MESSAGES[locale].errors.duplicate] } };
  };

  /**
   * Runs a change; a unique address another item has, or a row named that does not exist, is a 400 naming the
   * field, not a 500.
   */
  async function guarded(kind: ContentKind, locale: AdminLocale, run: () => Promise<SaveResult>, deleting = false): Promise<SaveResult> {
    try {
      const result = await run();
      if (result.ok) await committed(BINDINGS[kind.name]);
      return result;
    } catch (error) {
      const state = sqlState(error);
      if (state === '23505') return duplicate(kind, locale);
      const words = ADMIN_CONTENT_MESSAGES[locale].errors;
      if (error instanceof MissingPicture) return { ok: false, status: 400, errors: { [error.field]: [words.pictureMissing] } };
      // Deleting: other rows still name the item (a bank's programmes). Writing: the item names a row that is not there.
      const field = deleting ? BINDINGS[kind.name].referencedBy : BINDINGS[kind.name].references;
      if ((state === '23503' || (deleting && state === '23001')) && field)
        return { ok: false, status: 400, errors: { [field]: [deleting ? words.inUse : words.missingReference] } };
      throw error;
    }
  }

  /**
   * Slug pages, collections and landings share the public `/{slug}` (the catch-all tries them in that order): a slug an
   * item of another of these kinds holds, or whose first segment is another route's or the server's own, is refused
   * on `slug`. One of its own kind is the table's unique index (a landing's other languages share its slug). The
   * writers of these kinds take one transaction lock, so two editors cannot take one slug for two kinds at once.
   */
  async function publicSlugClash(tx: Db, name: ContentKindName, values: Values): Promise<Refusal | null> {
    if (!BINDINGS[name].publicSlug || typeof values.slug !== 'string') return null;
    if (slugReserved(values.slug)) return { field: 'slug', message: 'slugReserved' };
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('public_slugs'))`);
    for (const other of SLUG_KINDS) {
      const column = BINDINGS[other].publicSlug!;
      if (other === name) continue;
      const [held] = await tx.select({ slug: column }).from(BINDINGS[other].table).where(eq(column, values.slug)).limit(1);
      if (held) return { field: 'slug', message: 'slugTaken' };
    }
    return null;
  }

  return {
    /** Rich text as the site shows it: the one allow-list the saves and the public reads use (for the preview). */
    richText: sanitizeRichText,
    async list(name: ContentKindName): Promise<ContentListItem[]> {
      const kind = contentKind(name)!;
      const binding = BINDINGS[name];
      const query = db.select().from(binding.table);
      const order = ownKey(kind) ? asc(binding.key) : desc(binding.key);
      const rows = await withChildren(db, kind, binding, (await (binding.scope ? query.where(binding.scope) : query).orderBy(order)) as Row[]);
      return rows.map((row) => {
        const it = item(kind, binding, row);
        return { id: it.id, values: it.values, version: it.version };
      });
    },

    async get(name: ContentKindName, id: string): Promise<ContentItem | null> {
      const kind = contentKind(name)!;
      const key = parseKey(kind, id);
      if (key === null) return null;
      const binding = BINDINGS[name];
      const row = await readRow(db, kind, binding, key);
      return row ? item(kind, binding, row) : null;
    },

    async create(name: ContentKindName, values: unknown, actor: Actor, locale: AdminLocale): Promise<SaveResult> {
      const kind = contentKind(name)!;
      const binding = BINDINGS[name];
      if (!kind.creatable) return { ok: false, status: 404 };
      const check = checked(kind, values, locale);
      if (!check.ok) return { ok: false, status: 400, errors: check.errors };
      // `/admin/content/{kind}/new` is the new-item form: an item keyed `new` could never be opened.
      const own = ownKey(kind);
      if (own && check.data[own] === 'new') return { ok: false, status: 400, errors: { [own]: [ADMIN_CONTENT_MESSAGES[locale].errors.reservedKey] } };
      return guarded(kind, locale, () =>
        db.transaction(async (tx) => {
          const refused = await refusal(tx, kind, binding, null, check.data, locale);
          if (refused) return refused;
          const created = item(kind, binding, await write(tx, kind, binding, null, check.data, null));
          await audit.record(tx, actor, {
            action: 'create',
            entity: entityOf(name),
            entityId: created.id,
            before: null,
            after: created.values,
          });
          return { ok: true as const, item: created };
        }),
      );
    },

    /** Changes an item if it is still at `version` (the one the editor loaded). An item's own key stays as it is. */
    async update(name: ContentKindName, id: string, version: string, values: unknown, actor: Actor, locale: AdminLocale): Promise<SaveResult> {
      const kind = contentKind(name)!;
      const binding = BINDINGS[name];
      const key = parseKey(kind, id);
      if (key === null) return { ok: false, status: 404 };
      const fixed = ownKey(kind) && values && typeof values === 'object' ? { ...(values as Values), [kind.key.field]: key } : values;
      const check = checked(kind, fixed, locale);
      if (!check.ok) return { ok: false, status: 400, errors: check.errors };
      return guarded(kind, locale, () =>
        db.transaction(async (tx) => {
          const row = await readRow(tx, kind, binding, key, true);
          if (!row) return { ok: false as const, status: 404 as const };
          const before = item(kind, binding, row);
          if (before.version !== version) return { ok: false as const, status: 409 as const, current: before };
          const refused = await refusal(tx, kind, binding, key, check.data, locale);
          if (refused) return refused;
          const after = item(kind, binding, await write(tx, kind, binding, key, check.data, row));
          await audit.record(tx, actor, {
            action: 'update',
            entity: entityOf(name),
            entityId: before.id,
            before: before.values,
            after: after.values,
          });
          return { ok: true as const, item: after };
        }),
      );
    },

    /**
     * Publishes or unpublishes items of a kind with publishing at once (the list's bulk action): all of them or none.
     * Each is checked by its kind's schema and rules as a save of it would be, and recorded as its own change; an item
     * already so is left as it is. A refusal names the item (its id) and its reasons, and nothing is written.
     */
    async setPublished(name: ContentKindName, ids: readonly string[], published: boolean, actor: Actor, locale: AdminLocale): Promise<BulkResult> {
      const kind = contentKind(name)!;
      const binding = BINDINGS[name];
      const words = ADMIN_CONTENT_MESSAGES[locale].errors;
      if (!kind.publishing) return { ok: false, status: 404, errors: {} };
      const keys = [...new Set(ids)].map((id) => [id, parseKey(kind, id)] as const);
      const unknown = keys.filter(([, key]) => key === null).map(([id]) => id);
      if (unknown.length) return { ok: false, status: 404, errors: Object.fromEntries(unknown.map((id) => [id, [words.notFound]])) };
      const refused: Record<string, string[]> = {};
      const changed: string[] = [];
      class Refused extends Error {}
      try {
        await db.transaction(async (tx) => {
          for (const [id, key] of keys) {
            const row = await readRow(tx, kind, binding, key!, true);
            if (!row) {
              refused[id] = [words.notFound];
              continue;
            }
            const before = item(kind, binding, row);
            if (before.values.published === published) continue;
            const check = checked(kind, { ...before.values, published }, locale);
            if (!check.ok) {
              refused[id] = Object.values(check.errors).flat();
              continue;
            }
            const refusedByRule = await refusal(tx, kind, binding, key, check.data, locale);
            if (refusedByRule) {
              refused[id] = Object.values(refusedByRule.errors).flat();
              continue;
            }
            const after = item(kind, binding, await write(tx, kind, binding, key, check.data, row));
            await audit.record(tx, actor, { action: 'update', entity: entityOf(name), entityId: before.id, before: before.values, after: after.values });
            changed.push(before.id);
          }
          // All or none: one refusal undoes the others' changes.
          if (Object.keys(refused).length) throw new Refused();
        });
      } catch (error) {
        if (error instanceof Refused) return { ok: false, status: 400, errors: refused };
        throw error;
      }
      if (changed.length) await committed(binding);
      return { ok: true, changed };
    },

    /** Deletes an item if it is still at `version`. */
    async remove(name: ContentKindName, id: string, version: string, actor: Actor, locale: AdminLocale): Promise<SaveResult> {
      const kind = contentKind(name)!;
      const binding = BINDINGS[name];
      const key = parseKey(kind, id);
      if (key === null || kind.deletable === false) return { ok: false, status: 404 };
      return guarded(
        kind,
        locale,
        () =>
          db.transaction(async (tx) => {
            const row = await readRow(tx, kind, binding, key, true);
            if (!row) return { ok: false as const, status: 404 as const };
            const before = item(kind, binding, row);
            if (before.version !== version) return { ok: false as const, status: 409 as const, current: before };
            const refused = await refusal(tx, kind, binding, key, null, locale);
            if (refused) return refused;
            await tx.delete(binding.table).where(where(binding, key));
            await binding.removed?.(tx, row);
            const auditId = await audit.record(tx, actor, {
              action: 'delete',
              entity: entityOf(name),
              entityId: before.id,
              before: before.values,
              after: null,
            });
            return { ok: true as const, item: before, auditId };
          }),
        true,
      );
    },

    /** The recorded changes of one item, newest first. */
    history(name: ContentKindName, id: string): Promise<AuditRecord[]> {
      return audit.history(db, entityOf(name), id);
    },

    /**
     * Reverts a recorded change: a new change that puts the item back as it was before it (a created item is
     * deleted, a deleted one comes back with its key). Only while the item is still as that change left it —
     * otherwise the later change would be lost silently (409).
     */
    async revert(auditId: string, actor: Actor, locale: AdminLocale): Promise<SaveResult & { kind?: ContentKindName }> {
      const entry = await audit.get(db, auditId);
      const name = entry?.entity.startsWith(ENTITY_PREFIX) ? entry.entity.slice(ENTITY_PREFIX.length) : null;
      const kind = name ? contentKind(name) : null;
      const key = entry && kind ? parseKey(kind, entry.entityId) : null;
      if (!entry || !kind || key === null) return { ok: false, status: 404 };
      const binding = BINDINGS[kind.name];
      const result = await guarded(
        kind,
        locale,
        () =>
          db.transaction(async (tx) => {
            const row = await readRow(tx, kind, binding, key, true);
            const now = row ? item(kind, binding, row) : null;
            const expected = entry.after === null ? null : versionOf(entry.after);
            if ((now?.version ?? null) !== expected) return { ok: false as const, status: 409 as const, current: now };
            // The binding's own checks hold for a revert as for any change (an auction's bids are never lost by one).
            const refused = await refusal(tx, kind, binding, key, entry.before as Values | null, locale);
            if (refused) return refused;
            let restored: ContentItem | null = null;
            if (entry.before === null) {
              await tx.delete(binding.table).where(where(binding, key));
              if (row) await binding.removed?.(tx, row);
            } else if (row) restored = item(kind, binding, await write(tx, kind, binding, key, entry.before as Values, row));
            else restored = item(kind, binding, await write(tx, kind, binding, null, entry.before as Values, null, key));
            await audit.record(tx, actor, {
              action: 'revert',
              entity: entityOf(kind.name),
              entityId: entry.entityId,
              before: now?.values ?? null,
              after: restored?.values ?? null,
              revertOf: entry.id,
            });
            return { ok: true as const, item: restored ?? now! };
          }),
        // Reverting a creation deletes the item: other rows may name it by now.
        entry.before === null,
      );
      return result.ok ? { ...result, kind: kind.name } : result;
    },

    /**
     * Imports a CSV file's rows (core/admin/csv.ts) into a kind, all or none, in one transaction: a row with a key
     * changes that item (only the columns the file has), a row without one creates an item (kinds that create). Each
     * row is checked as its own save would be (the schema, the address, the binding's rules) and recorded as its own
     * change; a row that changes nothing is left. Any refused row undoes the others, and the report names each
     * refused row by its line, its key and its fields' reasons.
     */
    async importCsv(name: ContentKindName, records: readonly CsvRecord[], actor: Actor, locale: AdminLocale): Promise<CsvImportResult> {
      const kind = contentKind(name)!;
      const binding = BINDINGS[name];
      const words = ADMIN_CONTENT_MESSAGES[locale];
      const refused: CsvRowRefusal[] = [];
      const counts = { created: 0, updated: 0, unchanged: 0 };
      class Refused extends Error {}
      const refuse = (record: CsvRecord, errors: Record<string, string[]>) => refused.push({ line: record.line, key: record.key, errors });
      try {
        await db.transaction(async (tx) => {
          const seen = new Set<string>();
          for (const record of records) {
            const keyField = kind.key.field;
            let key: Key | null = null;
            let row: Row | null = null;
            if (record.key) {
              key = parseKey(kind, record.key);
              if (key !== null && seen.has(String(key))) {
                refuse(record, { [keyField]: [words.list.csv.errors.twice] });
                continue;
              }
              if (key !== null) {
                seen.add(String(key));
                row = await readRow(tx, kind, binding, key, true);
              }
              // A number the database never gave, or a malformed own key: there is no such item to change.
              if (!row && (key === null || !ownKey(kind))) {
                refuse(record, { [keyField]: [words.list.csv.errors.notFound] });
                continue;
              }
            }
            const before = row ? item(kind, binding, row) : null;
            if (!before && !kind.creatable) {
              refuse(record, { [keyField]: [words.list.csv.errors.notFound] });
              continue;
            }
            const decoded = decodeRecord(kind, record, before?.values ?? null);
            if (!decoded.ok) {
              refuse(record, Object.fromEntries(Object.entries(decoded.errors).map(([field, code]) => [field, [words.list.csv.errors[code]]])));
              continue;
            }
            const check = checked(kind, decoded.values, locale);
            if (!check.ok) {
              refuse(record, check.errors);
              continue;
            }
            const refusedByRule = await refusal(tx, kind, binding, before ? key : null, check.data, locale);
            if (refusedByRule) {
              refuse(record, refusedByRule.errors);
              continue;
            }
            if (before && versionOf(check.data) === before.version) {
              counts.unchanged += 1;
              continue;
            }
            // Later rows are judged against this one's change (two rows taking one address): a failed write ends the
            // transaction, so it is named and nothing else is tried.
            let after: ContentItem;
            try {
              after = item(kind, binding, await tx.transaction(async (inner) => write(inner, kind, binding, before ? key : null, check.data, row)));
            } catch (error) {
              const state = sqlState(error);
              if (state === '23505') refuse(record, { [binding.unique ?? 'slug']: [words.errors.duplicate] });
              else if (state === '23503' && binding.references) refuse(record, { [binding.references]: [words.errors.missingReference] });
              else throw error;
              continue;
            }
            await audit.record(tx, actor, {
              action: before ? 'update' : 'create',
              entity: entityOf(name),
              entityId: after.id,
              before: before?.values ?? null,
              after: after.values,
            });
            counts[before ? 'updated' : 'created'] += 1;
          }
          if (refused.length) throw new Refused();
        });
      } catch (error) {
        if (error instanceof Refused) return { ok: false, refused };
        throw error;
      }
      if (counts.created + counts.updated) await committed(binding);
      return { ok: true, ...counts };
    },

    /**
     * Choices of a reference field (`reference('projects')`): id and name, in the editor's language (Russian where a
     * row has no translation), a menu link's menu by its name, not its code.
     */
    async options(source: string, locale: AdminLocale = 'ru'): Promise<{ value: string; label: string }[]> {
      const name = (value: unknown): string => (typeof value === 'string' ? value : pickName(value as Partial<Record<AdminLocale, string>>, locale));
      if (source === 'menus') {
        // A menu's links, named by their menu and title (the editor picks a submenu's parent).
        const rows = await db
          .select({ id: menuItems.id, menu: menuItems.menu, title: menuItems.title })
          .from(menuItems)
          .orderBy(asc(menuItems.menu), asc(menuItems.position), asc(menuItems.id));
        const words = ADMIN_CONTENT_MESSAGES[locale];
        return rows.map((r) => ({ value: String(r.id), label: `${optionWord(words, 'menu', r.menu)}: ${name(r.title)}` }));
      }
      if (source === 'banks') {
        const rows = await db.select({ id: banks.id, name: banks.name }).from(banks).orderBy(asc(banks.position), asc(banks.id));
        return rows.map((r) => ({ value: r.id, label: name(r.name) }));
      }
      if (source !== 'projects') return [];
      const rows = await db.select({ id: projects.id, name: projects.name }).from(projects).orderBy(asc(projects.id));
      return rows.map((r) => ({ value: String(r.id), label: name(r.name) }));
    },
  };
}
export type ContentEditor = ReturnType<typeof createContentEditor>;
