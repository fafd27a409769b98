/**
 * The kinds of content the back office edits (ADR 026), as the rest of the code asks for them: by name, in their
 * order, with what a new item starts from. Each kind is its own file in core/admin/kinds/ (its zod schema, which
 * the server validates with and the form is derived from, core/admin/form.ts) and has its table binding on the
 * server (server/modules/content/editor/kinds/); docs/guides/add-an-admin-kind.md says how to add one.
 */
import { z } from 'zod';
import type { KindDescription } from './kind.ts';
import { KINDS } from './kinds/index.ts';

export type ContentKindName = (typeof KINDS)[number]['name'];
export type ContentKind = KindDescription<ContentKindName>;

export const CONTENT_KINDS: readonly ContentKindName[] = KINDS.map((kind) => kind.name);

const BY_NAME = new Map<string, ContentKind>(KINDS.map((kind) => [kind.name, kind]));

/** The field of an item's own key (fixed once created), or null when the database numbers the items. */
export const ownKey = (kind: ContentKind): string | null => ('own' in kind.key ? kind.key.field : null);

export function contentKind(name: string): ContentKind | null {
  return BY_NAME.get(name) ?? null;
}

export const isContentKind = (name: string): name is ContentKindName => BY_NAME.has(name);

/** The audit trail's entity kind of a kind of content (`content_news`; ADR 025's kinds are lower-case words and `_`). */
export const CONTENT_ENTITY_PREFIX = 'content_';
export type ContentEntity = `${typeof CONTENT_ENTITY_PREFIX}${ContentKindName}`;
export const contentEntity = (kind: ContentKindName): ContentEntity => `${CONTENT_ENTITY_PREFIX}${kind}`;

/** The kind of content an audit entry is about, when it is a change the engine can revert (ADR 026), else null. */
export function revertibleKind(entry: { action: string; entityKind: string }): ContentKindName | null {
  const name = entry.entityKind.startsWith(CONTENT_ENTITY_PREFIX) ? entry.entityKind.slice(CONTENT_ENTITY_PREFIX.length) : '';
  return isContentKind(name) && ['create', 'update', 'delete', 'revert'].includes(entry.action) ? name : null;
}

/** Values of a new item: what the form starts from. */
export function emptyValues(kind: Pick<ContentKind, 'schema'>): Record<string, unknown> {
  const shape = kind.schema.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const meta = schema.meta() as { widget?: string } | undefined;
    if (meta?.widget === 'localized') out[name] = { ru: '', en: '', zh: '' };
    else if (meta?.widget === 'week') out[name] = [null, null, null, null, null, null, null];
    else if (meta?.widget === 'image' || meta?.widget === 'reference') out[name] = null;
    else if (schema instanceof z.ZodBoolean) out[name] = false;
    else if (schema instanceof z.ZodArray) out[name] = [];
    else if (schema instanceof z.ZodObject) out[name] = emptyValues({ schema });
    else if (schema.safeParse(null).success) out[name] = null;
    else out[name] = '';
  }
  return out;
}
