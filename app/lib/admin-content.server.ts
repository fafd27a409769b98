import type { RouterContextProvider } from 'react-router';
import { contentKind, type ContentKind } from '#core/admin/kinds.ts';
import { isSearchSource } from '#core/admin/fields.ts';
import { formFields } from '#core/admin/form.ts';
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
  return { staff, locale, kind, messages: ADMIN_CONTENT_MESSAGES[locale], editor: services.contentEditor, drafts: services.contentDrafts, thumbnail };
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
