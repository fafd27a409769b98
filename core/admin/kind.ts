/**
 * What one kind of content the back office edits is (ADR 026): its zod schema (the fields, their checks, and through
 * `meta({ widget })` their inputs), what a list shows, whether it has a preview and publishing, how an item is
 * addressed, and its words in the back office's languages. Each kind is one file in core/admin/kinds/ made with
 * `defineKind`; the server binds it to its table in server/modules/content/editor/kinds/ (docs/guides/add-an-admin-kind.md).
 */
import type { z } from 'zod';
import { ID_PATTERN } from '#core/schemas/id.ts';

/**
 * A kind's words in one language, in the admin catalog's own shape (core/admin/messages.ts merges every kind's into
 * it): the kind's name (`kinds.{name}`), its fields' labels (`fields`, a nested one by its path: `hero.cta`), its
 * choices' words (`options`, a field's own as `field.value` where one value means two things), the messages its
 * checks name (`errors`: a schema's `'errors.cardLink'`, a binding's refusal), and the English messages of core's
 * shared schemas it is checked by, in the back office's words (`shared`, the catalog's `errors.shared`).
 * Words many kinds share (title, published, position…) are the catalog's own and are not repeated here.
 */
export type KindWords = {
  kind: string;
  fields?: Record<string, string>;
  options?: Record<string, string>;
  errors?: Record<string, string>;
  shared?: Record<string, string>;
};

/** The same words in English: every key of the Russian, no other (the compiler holds them together). */
export type Translation<W> = { [K in keyof W]: W[K] extends string ? string : { [P in keyof W[K]]: string } };

/** A kind's words in the back office's two languages (core/admin/roles.ts `ADMIN_LOCALES`). */
export type KindLabels = { ru: KindWords; en: KindWords };

export function kindWords<W extends KindWords>(ru: W, en: Translation<W>): { ru: W; en: Translation<W> } {
  return { ru, en };
}

export type KindDescription<Name extends string = string, Labels extends KindLabels = KindLabels> = {
  name: Name;
  schema: z.ZodObject;
  /** The field that names an item in lists and the audit trail. */
  titleField: string;
  /** The fields a list shows besides the title. */
  listFields: string[];
  /** A staff-only preview of the public page before publishing. */
  preview: boolean;
  /** Published or a draft (publish and unpublish in the form): the item has `published`, and `publishAt` when it may be scheduled. */
  publishing: boolean;
  /** New items may be made here (offices are numbered by the sales team's systems: changed, not created). */
  creatable: boolean;
  /** Items may not be deleted (the home page's texts: the page has nothing to show without them). */
  deletable?: false;
  /** How an item is addressed: a number the database gives, or a field of its own (fixed once created). */
  key: { field: 'id'; pattern: RegExp } | { field: string; pattern: RegExp; own: true };
  words: Labels;
};

/** A kind, its name and words kept as written (the catalog's types and the registry read them). */
export function defineKind<Name extends string, Labels extends KindLabels>(kind: KindDescription<Name, Labels>): KindDescription<Name, Labels> {
  return kind;
}

/** Items numbered by the database. */
export const SERIAL = { field: 'id', pattern: ID_PATTERN } as const;

/**
 * An import's own schema (`wireSchema`, in its row's names) run over a whole item of a description, its issues named
 * by the description's fields (`names`: field → the import's name). A field's own check the import repeats is told
 * once (the issues' messages are worded only after parsing).
 */
export function judgedByImport(wireSchema: z.ZodType, names: Record<string, string>, payload: { value: object; issues: z.core.$ZodRawIssue[] }): void {
  const values = payload.value as Record<string, unknown>;
  const parsed = wireSchema.safeParse(Object.fromEntries(Object.entries(names).map(([field, wire]) => [wire, values[field]])));
  if (parsed.success) return;
  const fieldOf = new Map(Object.entries(names).map(([field, wire]) => [wire, field]));
  const known = new Set(payload.issues.map((i) => `${(i.path ?? []).join('.')}\n${i.code}`));
  for (const issue of parsed.error.issues) {
    const [head, ...rest] = issue.path;
    const path = [fieldOf.get(String(head)) ?? String(head), ...rest];
    if (!known.has(`${path.join('.')}\n${issue.code}`)) payload.issues.push({ ...issue, path, input: payload.value } as never);
  }
}
