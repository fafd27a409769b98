import { Link } from 'react-router';
import type { Route } from './+types/home';
import { mayEnter } from '#core/admin/roles.ts';
import { requireStaffPage } from '#app/lib/admin.server.ts';
import { useAdminT } from '#app/lib/admin-i18n.tsx';
import { AdminTitle } from '#app/components/admin/shell.tsx';
import { ADMIN_NAV } from '#app/components/admin/nav.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context, request, 'any');
  return { name: staff.name, role: staff.role };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const sections = ADMIN_NAV.filter((item) => item.to !== '/admin' && (item.area === 'any' || mayEnter(loaderData.role, item.area)));
  return (
    <section>
      <AdminTitle>{t('home.title')}</AdminTitle>
      <p>{t('home.greeting', { name: loaderData.name })}</p>
      <p className="text-muted">{t('home.role', { role: t(`roles.${loaderData.role}`) })}</p>
      <h2 className="mt-6 mb-2 text-xl font-semibold">{t('home.open')}</h2>
      <ul className="list-disc pl-6">
        {sections.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="text-brand-800 underline">
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
