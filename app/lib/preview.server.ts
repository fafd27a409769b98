import type { RouterContextProvider } from 'react-router';
import type { PreviewBanner } from '#core/content/preview.ts';
import { adminLocale } from './admin.server.ts';
import { appContext } from './context.server.ts';

/**
 * The row a public page is made from in a preview (issue #42, ADR 042): the item's draft written over its saved row,
 * when the server marked this request a preview by a member who may edit content (server/http/preview.ts) for an
 * item of one of `kinds` (this page's); null otherwise, and the page shows what every visitor sees. The page's own
 * service turns the row into what the page shows, by the code its live items go through.
 */
export async function previewRow(context: Readonly<RouterContextProvider>, request: Request, kinds: readonly string[]) {
  const { preview, services } = context.get(appContext);
  if (!preview || !kinds.includes(preview.kind)) return null;
  const found = await services.contentDrafts.previewRow(preview.kind as 'news', preview.id, adminLocale(request));
  if (!found) return null;
  const banner: PreviewBanner = {
    state: found.invalid.length ? 'invalid' : found.draft ? 'draft' : 'saved',
    fields: found.invalid,
    edit: `/admin/content/${preview.kind}/${preview.id}`,
  };
  return { kind: preview.kind, row: found.row, banner };
}
