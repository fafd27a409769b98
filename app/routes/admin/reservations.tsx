import { Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/reservations';
import { DEAL_STATES, type DealState } from '#core/admin/deals.ts';
import { requireStaffPage } from '#app/lib/admin.server.ts';
import { appContext } from '#app/lib/context.server.ts';
import { useAdminDateTime, useAdminLocale, useAdminT } from '#app/lib/admin-i18n.tsx';
import { AdminTitle, TableScroll } from '#app/components/admin/shell.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { SelectField } from '#app/components/ui/field.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'any');
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const stateParam = url.searchParams.get('state') ?? '';
  const state = (DEAL_STATES as readonly string[]).includes(stateParam) ? (stateParam as DealState) : undefined;
  const projectParam = Number(url.searchParams.get('project'));
  const project = Number.isInteger(projectParam) && projectParam > 0 ? projectParam : undefined;
  const page = Math.min(100_000, Math.max(1, Number(url.searchParams.get('page')) || 1));
  const [projects, found] = await Promise.all([services.catalogue.projectDirectory(), services.dealReader.list({ state, project }, page)]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    page,
    projects: projects.map((p) => ({ id: p.id, name: p.name.ru })),
    count: found.count,
    pages: found.pages,
    results: found.results.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      paidAt: iso(r.paidAt),
      endsAt: iso(r.endsAt),
      holdExpiresAt: r.holdExpiresAt.toISOString(),
    })),
  };
}

/** Reservations and deals (any member reads; sales and administrators act on a deal's page): filter by state and project. */
export default function AdminReservations({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const when = useAdminDateTime();
  const locale = useAdminLocale();
  const [params] = useSearchParams();
  const money = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next.toString()}`;
  };
  return (
    <section>
      <AdminTitle>{t('reservations.title')}</AdminTitle>
      <Form method="get" className="mb-6 grid gap-4 sm:grid-cols-3 lg:items-end">
        <SelectField
          label={t('reservations.state')}
          name="state"
          placeholder={t('reservations.anyState')}
          defaultValue={params.get('state') ?? ''}
          options={DEAL_STATES.map((state) => ({ value: state, label: t(`reservations.states.${state}`) }))}
        />
        <SelectField
          label={t('reservations.project')}
          name="project"
          placeholder={t('reservations.anyProject')}
          defaultValue={params.get('project') ?? ''}
          options={loaderData.projects.map((p) => ({ value: String(p.id), label: p.name }))}
        />
        <Button type="submit">{t('reservations.apply')}</Button>
      </Form>
      <p role="status" className="mb-3 text-sm text-muted">
        {t('reservations.count', { count: loaderData.count })}
      </p>
      {loaderData.results.length === 0 ? (
        <p>{t('reservations.empty')}</p>
      ) : (
        <TableScroll>
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                {(['created', 'lot', 'project', 'state', 'stage', 'deposit', 'endsAt'] as const).map((key) => (
                  <th key={key} scope="col" className="p-2">
                    {t(`reservations.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loaderData.results.map((r) => (
                <tr key={r.id} className="border-b border-line">
                  <td className="p-2 whitespace-nowrap">
                    <Link to={`/admin/reservations/${r.id}`} className="text-brand-800 underline">
                      {when(r.createdAt)}
                      <span className="sr-only"> — {t('reservations.open', { id: r.id })}</span>
                    </Link>
                  </td>
                  <td className="p-2">{r.lotNumber ?? r.lotId}</td>
                  <td className="p-2">{r.projectName ?? r.projectId}</td>
                  <td className="p-2">{t(`reservations.states.${r.state}`)}</td>
                  <td className="p-2">{r.paidAt ? t(`reservations.stages.${r.stage}`) : '—'}</td>
                  <td className="p-2 whitespace-nowrap">{money.format(r.amountKopecks / 100)}</td>
                  <td className="p-2 whitespace-nowrap">{r.endsAt ? when(r.endsAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {loaderData.pages > 1 ? (
        <nav aria-label={t('reservations.page', { page: loaderData.page })} className="mt-4 flex gap-4">
          {loaderData.page > 1 ? <Link to={pageLink(loaderData.page - 1)}>{t('reservations.previous')}</Link> : null}
          {loaderData.page < loaderData.pages ? <Link to={pageLink(loaderData.page + 1)}>{t('reservations.next')}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
