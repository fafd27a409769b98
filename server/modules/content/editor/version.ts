import { createHash } from 'node:crypto';

/** JSON with object keys in order, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * An item's version as the editor saw it: a hash of its values (ADR 026). It changes with any change of the item,
 * whoever made it (another editor, an import, SQL), and needs no column of its own in any table.
 */
export function versionOf(values: unknown): string {
  return createHash('sha256').update(canonicalJson(values)).digest('base64url').slice(0, 22);
}
