import { Outlet, useLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/_site';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { ErrorPage, errorStatus, errorTexts } from '#app/components/errors/error-page.tsx';
import { SiteChrome } from '#app/components/layout/site-chrome.tsx';
import { appContext, browserMessages } from '#app/lib/context.server.ts';
import { PageMessages, translate } from '#app/lib/i18n.tsx';
import { shareImage as shareImageOf } from '#app/lib/images.server.ts';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';

export function meta(args: Route.MetaArgs) {
  if (!args.error) return pageMeta(args, {});
  const messages = metaMessages(args.matches);
  const title = messages ? translate(messages, errorTexts(errorStatus(args.error)).title) : String(errorStatus(args.error));
  return pageMeta(args, { title, noindex: true });
}

/**
 * Per-URL SEO meta (failures swallowed to `{}`, spec §8). Read from the router's `url` (the page's address), not
 * `request.url`, which is `/projects.data` when the page is reached by a click: no SEO title was found then.
 */
export async function loader({ url, pattern, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const { locale } = splitLocalePath(url.pathname);
  // The messages this page's browser code can show (ADR 027); the root sends only its own (error page, notices).
  const messages = await browserMessages(context, pattern, locale, 'page');
  // What a page without a picture of its own is shared with (`og:image`), signed here when images are signed.
  const shareImage = shareImageOf(context);
  try {
    return { seo: await services.seo.pageMeta(url.pathname, locale), messages, shareImage };
  } catch (error) {
    console.warn('page meta unavailable', error);
    return { seo: {}, messages, shareImage };
  }
}

/** This layout sends each page's messages (server/http/message-keys.ts reads this). */
export const handle = { pageMessages: true };

/**
 * The SEO meta belongs to the URL: it is read again on every move to another path, so a page reached by a click has
 * the title it has when loaded directly (not the previous page's SEO title).
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PageMessages messages={loaderData.messages}>
      <SiteChrome>
        <Outlet />
      </SiteChrome>
    </PageMessages>
  );
}

/** Page errors keep the header and footer, so the visitor can go on from the error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useLoaderData<typeof loader>() as Awaited<ReturnType<typeof loader>> | undefined;
  return (
    <PageMessages messages={data?.messages}>
      <SiteChrome>
        <ErrorPage error={error} />
      </SiteChrome>
    </PageMessages>
  );
}
