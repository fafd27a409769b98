import { Outlet } from 'react-router';
import type { Route } from './+types/_site';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { ErrorPage, errorStatus, errorTexts } from '#app/components/errors/error-page.tsx';
import { SiteChrome } from '#app/components/layout/site-chrome.tsx';
import { appContext } from '#app/lib/context.server.ts';
import { translate } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';

/** Per-URL SEO meta (failures swallowed to `{}`, spec §8). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  try {
    return { seo: await services.seo.pageMeta(url.pathname, splitLocalePath(url.pathname).locale) };
  } catch (error) {
    console.warn('page meta unavailable', error);
    return { seo: {} };
  }
}

export function meta(args: Route.MetaArgs) {
  if (!args.error) return pageMeta(args, {});
  const messages = metaMessages(args.matches);
  const title = messages ? translate(messages, errorTexts(errorStatus(args.error)).title) : String(errorStatus(args.error));
  return pageMeta(args, { title, noindex: true });
}

export default function SiteLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/** Page errors keep the header and footer, so the visitor can go on from the error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteChrome>
      <ErrorPage error={error} />
    </SiteChrome>
  );
}
