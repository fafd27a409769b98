import type { RouterContextProvider } from 'react-router';
import { contentKind, type ContentKind } from '#core/admin/kinds.ts';
import { isSearchSource, type SearchSource } from '#core/admin/fields.ts';
import { formFields, type FieldSpec } from '#core/admin/form.ts';
import type { AdminLocale } from '#core/admin/roles.ts';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import { buildImageUrl } from '#core/image/url.ts';
import type { ContentEditor } from '#server/modules/content/editor/service.ts';
import { adminLocale, requireStaffPage } from './admin.server.ts';
import { appContext } from './context.server.ts';

/** What every content page of the back office starts with: a member who may edit content, the kind, the words. */
export async function contentPage(context: Readonly<RouterContextProvider>, request: Request, kindName?: string) {
  const staff = await requireStaffPage(context, request, 'content');
  const locale = adminLocale(request);
  let kind: ContentKind | null = null;
  if (kindName !== undefined) {
    kind = contentKind(kindName);
    if (!kind) throw new Response(null, { status: 404 });
  }
  const { services, imageSigner } = context.get(appContext);
  /** A picture's thumbnail URL for the form (signed when the proxy has a key: browsers cannot sign). */
  const thumbnail = (src: string, width = 480) =>
    buildImageUrl(src, { width, height: 0, fit: 'fit', format: 'webp' }, imageSigner ? { sign: imageSigner } : {});
  /** The searched sources' labels of these values (the lots a form and its history name), in the editor's language. */
  const searchedLabels = (fields: FieldSpec[], values: unknown[]) => labelsOf(fields, values, services.catalogue.choices, locale);
  return {
    staff,
    locale,
    kind,
    messages: ADMIN_CONTENT_MESSAGES[locale],
    editor: services.contentEditor,
    drafts: services.contentDrafts,
    thumbnail,
    searchedLabels,
  };
}

/** The fields of a kind's form and the choices of its reference fields. */
export async function formOf(kind: ContentKind, editor: Pick<ContentEditor, 'options'>, locale: AdminLocale = 'ru') {
  const fields = formFields(kind.schema);
  // The listed sources' choices come with the form, in the editor's language; the searched ones' (lots) as the editor types.
  const sources = [...new Set(fields.flatMap((f) => ((f.type === 'reference' || f.type === 'references') && !isSearchSource(f.source) ? [f.source] : [])))];
  const options = Object.fromEntries(await Promise.all(sources.map(async (s) => [s, await editor.options(s, locale)] as const)));
  return { fields, options };
}

/** Thumbnails of the pictures among `values`, those of list items and groups included (a story's cards). */
export function thumbnailsOf(values: Record<string, unknown>, thumbnail: (src: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 4) return;
    const src = 'src' in value ? (value as { src: unknown }).src : null;
    if (typeof src === 'string') out[src] = thumbnail(src);
    else for (const part of Array.isArray(value) ? value : Object.values(value)) visit(part, depth + 1);
  };
  for (const value of Object.values(values)) visit(value, 0);
  return out;
}

/** The most values of one searched source named at once (a collection holds up to 200 lots, its history a few more). */
const LABELS_MAX = 400;

/**
 * The labels of the searched sources' values (a collection's lots) found in `values` (the form's, its history's before
 * and after), by source, as the form's choices: its chips and its history name each lot from the first paint.
 */
export async function labelsOf(
  fields: FieldSpec[],
  values: unknown[],
  choices: (source: SearchSource, query: { ids: string[]; limit: number }, locale: AdminLocale) => Promise<{ value: string; label: string }[]>,
  locale: AdminLocale,
): Promise<Record<string, { value: string; label: string }[]>> {
  const wanted = new Map<SearchSource, Set<string>>();
  for (const f of fields) {
    if (f.type !== 'references' || !isSearchSource(f.source)) continue;
    const ids = wanted.get(f.source) ?? new Set<string>();
    for (const v of values) {
      const list = v && typeof v === 'object' ? (v as Record<string, unknown>)[f.name] : undefined;
      if (Array.isArray(list)) for (const id of list) if (ids.size < LABELS_MAX && /^\d{1,10}$/.test(String(id))) ids.add(String(id));
    }
    wanted.set(f.source, ids);
  }
  const entries = await Promise.all(
    [...wanted]
      .filter(([, ids]) => ids.size)
      .map(async ([source, ids]) => [source, await choices(source, { ids: [...ids], limit: ids.size }, locale)] as const),
  );
  return Object.fromEntries(entries);
}
