import { redirect } from 'react-router';
import type { Route } from './+types/content-preview';
import { previewHref } from '#core/content/preview.ts';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import { localizePath } from '#core/i18n/routing.ts';
import { contentPage } from '#app/lib/admin-content.server.ts';
import { appContext } from '#app/lib/context.server.ts';

/**
 * `/admin/content/{kind}/{id}/preview?lang=…`: the way into a real preview (issue #42, ADR 042). It sends the member
 * to the item's own public page in that language with `?preview={kind}:{id}`, which the server renders by the page's
 * own route and components with the item's draft (or the saved item), for staff only and kept by no cache.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { kind, editor } = await contentPage(context, request, params.kind);
  if (!kind!.preview) throw new Response(null, { status: 404 });
  const item = await editor.get(kind!.name, params.id);
  if (!item?.publicPath) throw new Response(null, { status: 404 });
  const lang = new URL(request.url).searchParams.get('lang');
  const locale: Locale = (LOCALES as readonly string[]).includes(lang ?? '') ? (lang as Locale) : 'ru';
  const strategy = context.get(appContext).config.localeStrategy;
  throw redirect(previewHref(localizePath(item.publicPath, locale, strategy), kind!.name, item.id));
}
