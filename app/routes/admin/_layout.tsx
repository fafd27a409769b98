import { isRouteErrorResponse, Outlet, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/_layout';
import { adminLocale, adminMessages, requireStaffPage } from '#app/lib/admin.server.ts';
import { useAdminT } from '#app/lib/admin-i18n.tsx';
import { AdminShell, AdminTitle } from '#app/components/admin/shell.tsx';
import { ErrorPage } from '#app/components/errors/error-page.tsx';

/** The back office's frame (ADR 025): only for a signed-in member; a visitor is sent to the sign-in page and back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context, request, 'any');
  const locale = adminLocale(request);
  return { staff: { email: staff.email, name: staff.name, role: staff.role }, locale, messages: await adminMessages(locale) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell staff={loaderData.staff} locale={loaderData.locale} messages={loaderData.messages}>
      <Outlet />
    </AdminShell>
  );
}

/** A member refused a section (403) or a failed page sees it in the frame; anything else (a page the back office does not have) is the site's error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const frame = useRouteLoaderData<typeof loader>('admin');
  if (!frame) return <ErrorPage error={error} />;
  return (
    <AdminShell staff={frame.staff} locale={frame.locale} messages={frame.messages}>
      <AdminError status={isRouteErrorResponse(error) ? error.status : 500} />
    </AdminShell>
  );
}

function AdminError({ status }: { status: number }) {
  const t = useAdminT();
  return (
    <section>
      <AdminTitle>{status === 403 ? t('forbidden.title') : t('error.title')}</AdminTitle>
      <p>{status === 403 ? t('forbidden.text') : t('error.text')}</p>
    </section>
  );
}
