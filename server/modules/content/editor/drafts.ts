import { and, eq } from 'drizzle-orm';
import { contentEntity, contentKind, ownKey, type ContentKindName } from '#core/admin/kinds.ts';
import type { AdminLocale } from '#core/admin/roles.ts';
import { isId } from '#core/schemas/id.ts';
import type { Db } from '../../../db/client.ts';
import { contentDrafts } from '../../../db/schema/index.ts';
import type { Row, Values } from './binding.ts';
import { BINDINGS } from './kinds/index.ts';
import { validate } from './messages.ts';
import type { Actor, ContentEditor, ContentItem, SaveResult } from './service.ts';
import { versionOf } from './version.ts';

/** A published item's draft as the editor sees it. */
export type Draft = { values: Values; version: string; baseVersion: string; updatedAt: string; staffEmail: string | null };

export type DraftSave =
  | { ok: true; draft: Draft }
  | { ok: false; status: 404 }
  /** Another tab or member wrote the draft since (or published or discarded it: `current` null). */
  | { ok: false; status: 409; current: Draft | null };

export type DraftPublish =
  | SaveResult
  /** The draft changed since the editor saw it (`reason: 'draft'`), or the live item since the draft began (`'live'`). */
  | { ok: false; status: 409; reason: 'draft' | 'live'; current: ContentItem | null; draft: Draft | null };

function toDraft(row: typeof contentDrafts.$inferSelect): Draft {
  return { values: row.values, version: row.version, baseVersion: row.baseVersion, updatedAt: row.updatedAt.toISOString(), staffEmail: row.staffEmail };
}

/**
 * Drafts of published items (issue #42, ADR 042): an editor changes a published item in a draft beside it
 * (`content_drafts`), which the public site never reads, saved as they type (each save over the draft's version its
 * tab last saw, else 409), then published through the engine's own change (checked, version-checked against the live
 * item the draft began from, in the audit trail, the data version moved by the table's trigger) or discarded.
 * Kinds with publishing and a preview only: the others have no live page to keep apart from an edit, or none to
 * preview the draft on (a collection, a landing, a press mention are saved at once, as before).
 */
export function createContentDrafts(db: Db, editor: ContentEditor) {
  // Where the site has a page to preview the draft on (news, promotions, pages).
  const draftable = (name: string) => contentKind(name)?.publishing === true && contentKind(name)?.preview === true;
  const where = (name: ContentKindName, id: string) => and(eq(contentDrafts.entity, contentEntity(name)), eq(contentDrafts.entityId, id));

  async function read(name: ContentKindName, id: string): Promise<Draft | null> {
    const [row] = await db.select().from(contentDrafts).where(where(name, id));
    return row ? toDraft(row) : null;
  }

  return {
    async get(name: ContentKindName, id: string): Promise<Draft | null> {
      return draftable(name) ? read(name, id) : null;
    },

    /**
     * Saves the draft's values as they are (a half-written draft is kept; it is checked when published): starting
     * one (`version` null, from the live item at `baseVersion`) or over the version the tab last saw.
     */
    async save(name: ContentKindName, id: string, input: { version: string | null; baseVersion: string; values: Values }, actor: Actor): Promise<DraftSave> {
      if (!draftable(name) || !(await editor.get(name, id))) return { ok: false, status: 404 };
      const version = versionOf(input.values);
      const written =
        input.version === null
          ? await db
              .insert(contentDrafts)
              .values({
                entity: contentEntity(name),
                entityId: id,
                values: input.values,
                version,
                baseVersion: input.baseVersion,
                staffId: actor.id,
                staffEmail: actor.email,
              })
              .onConflictDoNothing()
              .returning()
          : await db
              .update(contentDrafts)
              .set({ values: input.values, version, staffId: actor.id, staffEmail: actor.email, updatedAt: new Date() })
              .where(and(where(name, id), eq(contentDrafts.version, input.version)))
              .returning();
      if (written[0]) return { ok: true, draft: toDraft(written[0]) };
      return { ok: false, status: 409, current: await read(name, id) };
    },

    /** Discards the draft if it is still at `version` (the one the editor saw when confirming). */
    async discard(name: ContentKindName, id: string, version: string): Promise<DraftSave | { ok: true; draft: null }> {
      if (!draftable(name)) return { ok: false, status: 404 };
      const gone = await db
        .delete(contentDrafts)
        .where(and(where(name, id), eq(contentDrafts.version, version)))
        .returning();
      if (gone.length) return { ok: true, draft: null };
      return { ok: false, status: 409, current: await read(name, id) };
    },

    /**
     * Publishes the draft at `version`: the engine's change of the live item (checked with the kind's schema, written
     * only while the live item is at `baseVersion` — the draft's own unless the editor chose to publish over a change —,
     * recorded in the audit trail), then the draft is gone.
     */
    async publish(
      name: ContentKindName,
      id: string,
      input: { version: string; baseVersion?: string },
      actor: Actor,
      locale: AdminLocale,
    ): Promise<DraftPublish> {
      if (!draftable(name)) return { ok: false, status: 404 };
      const draft = await read(name, id);
      if (!draft || draft.version !== input.version) return { ok: false, status: 409, reason: 'draft', current: await editor.get(name, id), draft };
      const result = await editor.update(name, id, input.baseVersion ?? draft.baseVersion, draft.values, actor, locale);
      if (!result.ok && result.status === 409) return { ok: false, status: 409, reason: 'live', current: result.current, draft };
      if (result.ok) await db.delete(contentDrafts).where(and(where(name, id), eq(contentDrafts.version, draft.version)));
      return result;
    },

    /**
     * The row the public page of an item is made from in a preview (issue #42): the draft's values (else the saved
     * item's) written over the item's row as a save would write them. Null when there is no such item; `invalid` names
     * the draft's fields that do not pass its checks yet (the row is then the saved item's).
     */
    async previewRow(name: ContentKindName, id: string, locale: AdminLocale): Promise<{ row: Row; draft: boolean; invalid: string[] } | null> {
      const kind = contentKind(name);
      const binding = BINDINGS[name];
      if (!kind?.preview || ownKey(kind) || !isId(id)) return null;
      const key = and(binding.scope ?? undefined, eq(binding.key, Number(id)));
      const [row] = (await db.select().from(binding.table).where(key)) as Row[];
      if (!row) return null;
      const draft = await read(name, id);
      if (!draft) return { row, draft: false, invalid: [] };
      const check = validate(kind.schema, draft.values, locale);
      if (!check.ok) return { row, draft: true, invalid: Object.keys(check.errors) };
      return { row: { ...row, ...binding.toRow(check.data, row) }, draft: true, invalid: [] };
    },
  };
}
export type ContentDrafts = ReturnType<typeof createContentDrafts>;
