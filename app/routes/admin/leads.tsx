import { Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/leads';
import { LEAD_KINDS } from '#core/validation/lead-forms.ts';
import { leadFilterQuery, toLeadFilter } from '#core/admin/leads.ts';
import { requireStaffPage } from '#app/lib/admin.server.ts';
import { appContext } from '#app/lib/context.server.ts';
import { useAdminDateTime, useAdminT, useLeadWords } from '#app/lib/admin-i18n.tsx';
import { AdminTitle, Notice, TableScroll } from '#app/components/admin/shell.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { SelectField, TextField } from '#app/components/ui/field.tsx';
import { buttonClass } from '#app/components/ui/button.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context, request, 'leads');
  const { services } = context.get(appContext);
  const url = new URL(request.url);
  const parsed = leadFilterQuery.safeParse(Object.fromEntries([...url.searchParams].filter(([k, v]) => k !== 'page' && v !== '')));
  const page = Math.min(100_000, Math.max(1, Number(url.searchParams.get('page')) || 1));
  const projects = (await services.catalogue.projectDirectory()).map((p) => ({ id: p.id, name: p.name.ru }));
  if (!parsed.success) return { invalid: true, count: 0, pages: 1, page, results: [], projects };
  const found = await services.leadDesk.list(staff, toLeadFilter(parsed.data), page);
  return { invalid: false, page, projects, ...found, results: found.results.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

/** Leads (sales, administrators): filter, search, page through, export the filter as CSV. */
export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const when = useAdminDateTime();
  const words = useLeadWords();
  const [params] = useSearchParams();
  const exportQuery = new URLSearchParams([...params].filter(([k, v]) => k !== 'page' && v !== ''));
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next.toString()}`;
  };
  const states = { delivered: t('leads.delivered'), pending: t('leads.pending'), failing: t('leads.failing'), none: '—' } as const;
  return (
    <section>
      <AdminTitle>{t('leads.title')}</AdminTitle>
      <Form method="get" className="mb-6 grid gap-4 sm:grid-cols-3 lg:grid-cols-6 lg:items-end">
        <TextField
          label={t('leads.search')}
          hint={t('leads.searchHint')}
          name="q"
          type="search"
          defaultValue={params.get('q') ?? ''}
          className="lg:col-span-2"
        />
        <SelectField
          label={t('leads.form')}
          name="form"
          placeholder={t('leads.anyForm')}
          defaultValue={params.get('form') ?? ''}
          options={LEAD_KINDS.map((kind) => ({ value: kind, label: words.kind(kind) }))}
        />
        <SelectField
          label={t('leads.project')}
          name="project"
          placeholder={t('leads.anyProject')}
          defaultValue={params.get('project') ?? ''}
          options={loaderData.projects.map((p) => ({ value: String(p.id), label: p.name }))}
        />
        <TextField label={t('leads.from')} name="from" type="date" defaultValue={params.get('from') ?? ''} />
        <TextField label={t('leads.to')} name="to" type="date" defaultValue={params.get('to') ?? ''} />
        <SelectField
          label={t('leads.delivery')}
          name="delivery"
          placeholder={t('leads.anyDelivery')}
          defaultValue={params.get('delivery') ?? ''}
          options={(['delivered', 'pending', 'failing'] as const).map((state) => ({ value: state, label: states[state] }))}
        />
        <Button type="submit">{t('leads.apply')}</Button>
        <a href={`/api/admin/leads/export/?${exportQuery.toString()}`} className={buttonClass('secondary')} download>
          {t('leads.export')}
        </a>
      </Form>
      {loaderData.invalid ? <Notice tone="error">{t('error.text')}</Notice> : null}
      <p role="status" className="mb-3 text-sm text-muted">
        {t('leads.count', { count: loaderData.count })}
      </p>
      {loaderData.results.length === 0 ? (
        <p>{t('leads.empty')}</p>
      ) : (
        <TableScroll>
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="p-2">
                  {t('leads.created')}
                </th>
                <th scope="col" className="p-2">
                  {t('leads.form')}
                </th>
                <th scope="col" className="p-2">
                  {t('leads.name')}
                </th>
                <th scope="col" className="p-2">
                  {t('leads.phone')}
                </th>
                <th scope="col" className="p-2">
                  {t('leads.email')}
                </th>
                <th scope="col" className="p-2">
                  {t('leads.state')}
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.results.map((lead) => (
                <tr key={lead.id} className="border-b border-line">
                  <td className="p-2 whitespace-nowrap">
                    <Link to={`/admin/leads/${lead.id}`} className="text-brand-800 underline">
                      {when(lead.createdAt)}
                      <span className="sr-only"> — {t('leads.open', { id: lead.id })}</span>
                    </Link>
                  </td>
                  <td className="p-2">{words.kind(lead.kind)}</td>
                  <td className="p-2">{lead.name}</td>
                  <td className="p-2">{lead.phone}</td>
                  <td className="p-2">{lead.email}</td>
                  <td className="p-2">{states[lead.delivery]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {loaderData.pages > 1 ? (
        <nav aria-label={t('leads.page', { page: loaderData.page })} className="mt-4 flex gap-4">
          {loaderData.page > 1 ? <Link to={pageLink(loaderData.page - 1)}>{t('leads.previous')}</Link> : null}
          {loaderData.page < loaderData.pages ? <Link to={pageLink(loaderData.page + 1)}>{t('leads.next')}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
