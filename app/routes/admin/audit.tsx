import { useState } from 'react';
import { Form, Link, useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/audit';
import { adminLocale, adminMessages, requireStaffPage } from '#app/lib/admin.server.ts';
import { appContext } from '#app/lib/context.server.ts';
import { useAdminDateTime, useAdminT, useAuditActionLabel } from '#app/lib/admin-i18n.tsx';
import { AdminTitle, TableScroll } from '#app/components/admin/shell.tsx';
import { ConfirmButton } from '#app/components/admin/confirm-dialog.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { SelectField, TextField } from '#app/components/ui/field.tsx';
import { useApi } from '#app/lib/api.ts';
import { auditEntityOptions } from '#core/admin/audit.ts';
import { revertibleKind } from '#core/admin/kinds.ts';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import { ApiError } from '#core/http/client.ts';

/** What a revert from this page came to: done (and where the item is now), or the server's reason. */
type Outcome = { tone: 'ok'; id: number; href: string | null } | { tone: 'error'; text: string };
const PAGE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'audit');
  const { staff } = context.get(appContext);
  const url = new URL(request.url);
  const text = (name: string, max = 100) => (url.searchParams.get(name) ?? '').trim().slice(0, max) || undefined;
  const before = Number(url.searchParams.get('before'));
  const filter = {
    entityKind: text('entity', 40),
    entityId: text('entity_id'),
    staffId: text('staff', 64),
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    limit: PAGE,
  };
  const locale = adminLocale(request);
  const [{ entries, more }, members, words] = await Promise.all([staff.audit(filter), staff.list(), adminMessages(locale)]);
  return {
    // The kinds the trail records, in the member's language (the filter's choices, and the entity column's words).
    entities: auditEntityOptions(words.audit.entities, ADMIN_CONTENT_MESSAGES[locale].kinds),
    entries: entries.map((e) => ({ ...e, at: e.at.toISOString(), before: e.before ?? null, after: e.after ?? null })),
    more,
    members: members.map((m) => ({ id: m.id, email: m.email })),
  };
}

/** The audit trail (administrators): who did what, when, to which entity, newest first; filtered by entity and member. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const when = useAdminDateTime();
  const actionLabel = useAuditActionLabel();
  const [params] = useSearchParams();
  const api = useApi();
  const revalidator = useRevalidator();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const last = loaderData.entries.at(-1);
  const entityLabel = (kind: string) => loaderData.entities.find((e) => e.value === kind)?.label ?? kind;

  /** Reverts a change through the content API (its own role check), then reads the trail again: the revert is its newest entry. */
  async function revert(entry: { id: number; before: unknown }) {
    setBusy(true);
    try {
      const item = await api<{ id: string; kind: string; values: unknown }>(`/api/admin/content/revert/${entry.id}/`, { method: 'POST', body: {} });
      setOutcome({ tone: 'ok', id: entry.id, href: entry.before === null ? null : `/admin/content/${item.kind}/${item.id}` });
      await revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setOutcome({ tone: 'error', text: ((error.data ?? {}) as { detail?: string }).detail ?? error.message });
    } finally {
      setBusy(false);
    }
  }
  const older = new URLSearchParams(params);
  if (last) older.set('before', String(last.id));
  return (
    <section>
      <AdminTitle>{t('audit.title')}</AdminTitle>
      <Form method="get" className="mb-6 grid max-w-3xl gap-4 sm:grid-cols-4 sm:items-end" aria-label={t('audit.filter')}>
        <SelectField
          label={t('audit.entity')}
          name="entity"
          placeholder={t('audit.any')}
          defaultValue={params.get('entity') ?? ''}
          options={loaderData.entities}
        />
        <TextField label={t('audit.entityId')} name="entity_id" defaultValue={params.get('entity_id') ?? ''} />
        <SelectField
          label={t('audit.staff')}
          name="staff"
          placeholder={t('audit.any')}
          defaultValue={params.get('staff') ?? ''}
          options={loaderData.members.map((m) => ({ value: m.id, label: m.email }))}
        />
        <Button type="submit">{t('audit.apply')}</Button>
      </Form>
      {outcome ? (
        <div
          role={outcome.tone === 'error' ? 'alert' : 'status'}
          className={`mb-6 rounded-xl p-4 font-semibold ${outcome.tone === 'error' ? 'bg-red-50 text-danger' : 'bg-brand-50 text-brand-900'}`}
        >
          {outcome.tone === 'error' ? outcome.text : t('audit.reverted', { id: outcome.id })}
          {outcome.tone === 'ok' && outcome.href ? (
            <>
              {' '}
              <Link to={outcome.href} className="text-brand-800 underline">
                {t('audit.revertOpen')}
              </Link>
            </>
          ) : null}
        </div>
      ) : null}
      {loaderData.entries.length === 0 ? (
        <p>{t('audit.empty')}</p>
      ) : (
        <TableScroll>
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="p-2">
                  {t('audit.at')}
                </th>
                <th scope="col" className="p-2">
                  {t('audit.who')}
                </th>
                <th scope="col" className="p-2">
                  {t('audit.action')}
                </th>
                <th scope="col" className="p-2">
                  {t('audit.object')}
                </th>
                <th scope="col" className="p-2">
                  {t('audit.detail')}
                </th>
                <th scope="col" className="p-2">
                  <span className="sr-only">{t('audit.revert')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.entries.map((entry) => (
                <tr key={entry.id} className="border-b border-line align-top">
                  <td className="p-2 whitespace-nowrap">{when(entry.at)}</td>
                  <td className="p-2">{entry.staffEmail ?? t('audit.system')}</td>
                  <td className="p-2">{actionLabel(entry.action)}</td>
                  <td className="p-2">
                    {entityLabel(entry.entityKind)}
                    {entry.entityId ? ` ${entry.entityId}` : ''}
                  </td>
                  <td className="max-w-md p-2 break-all text-muted">
                    {entry.detail ? JSON.stringify(entry.detail) : null}
                    {entry.before || entry.after ? <AuditChange before={entry.before} after={entry.after} /> : null}
                  </td>
                  <td className="p-2">{revertibleKind(entry) ? <RevertButton id={entry.id} busy={busy} onConfirm={() => revert(entry)} /> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {loaderData.more ? (
        <p className="mt-4">
          <Link to={`?${older.toString()}`} className="text-brand-800 underline">
            {t('audit.older')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** Revert, asked again in a dialog. */
function RevertButton({ id, busy, onConfirm }: { id: number; busy: boolean; onConfirm: () => Promise<void> }) {
  const t = useAdminT();
  return (
    <ConfirmButton
      label={t('audit.revert')}
      ariaLabel={`${t('audit.revert')} № ${id}`}
      className="min-h-11 rounded-full border border-brand-700 px-4 font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50 disabled:opacity-50"
      disabled={busy}
      title={{ id: `audit-revert-${id}`, text: t('audit.revertTitle', { id }) }}
      text={t('audit.revertText')}
      cancel={t('audit.revertCancel')}
      confirm={t('audit.revertConfirm')}
      onConfirm={onConfirm}
    />
  );
}

/** The fields a change changed: before → after. */
function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  return (
    <ul>
      {keys.map((key) => (
        <li key={key}>
          {key}: {JSON.stringify(b[key] ?? null)} → {JSON.stringify(a[key] ?? null)}
        </li>
      ))}
    </ul>
  );
}
