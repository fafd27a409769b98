import { useState } from 'react';
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { ApiError } from '#core/http/client.ts';
import { useApi } from '#app/lib/api.ts';
import { AdminTitle, TableScroll } from '#app/components/admin/shell.tsx';
import type { Route } from './+types/content-list';
import { fill, type AdminContentMessages } from '#core/admin/messages.ts';
import { formatMessage } from '#core/i18n/message-format.ts';
import { contentPage, formOf } from '#app/lib/admin-content.server.ts';
import { fieldLabel } from '#app/components/admin/content-form.tsx';
import { valueText, type ValueContext } from '#app/components/admin/fields/field-value.ts';
import type { FieldSpec } from '#core/admin/form.ts';
import { CSV_KINDS } from '#core/admin/csv.ts';
import { CsvPanel } from '#app/components/admin/csv-panel.tsx';

/** `/admin/content/{kind}`: every item of a kind, newest first, with its state. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { messages, kind, editor, locale } = await contentPage(context, request, params.kind);
  const { fields, options } = await formOf(kind!, editor, locale);
  const shown = new Set([kind!.titleField, ...kind!.listFields]);
  const items = (await editor.list(kind!.name)).map((item) => ({
    ...item,
    status: kind!.publishing ? publicationStatus(item.values, { messages, options, locale }) : null,
  }));
  return {
    messages,
    locale,
    kind: {
      name: kind!.name,
      titleField: kind!.titleField,
      listFields: kind!.listFields,
      publishing: kind!.publishing,
      creatable: kind!.creatable,
      csv: CSV_KINDS.has(kind!.name),
    },
    // The list's columns' fields only, and the choices they name (a reference's rows).
    fields: fields.filter((f) => shown.has(f.name)),
    options,
    items,
  };
}

/** A publication's state: draft, published (until its unpublishing moment), scheduled ahead, or taken off at its moment. */
function publicationStatus(values: Record<string, unknown>, ctx: ValueContext, now = Date.now()): string {
  if (values.published !== true) return ctx.messages.status.draft;
  const moment = (name: string) => valueText({ name, type: 'datetime', nullable: true }, values[name], ctx);
  const at = typeof values.publishAt === 'string' ? Date.parse(values.publishAt) : NaN;
  const until = typeof values.unpublishAt === 'string' ? Date.parse(values.unpublishAt) : NaN;
  if (until <= now) return fill(ctx.messages.status.ended, { date: moment('unpublishAt') });
  if (at > now) return fill(ctx.messages.status.scheduled, { date: moment('publishAt') });
  if (until > now) return fill(ctx.messages.status.until, { date: moment('unpublishAt') });
  return ctx.messages.status.published;
}

export default function ContentList({ loaderData }: Route.ComponentProps) {
  const { messages, kind, items, locale, fields, options } = loaderData;
  const api = useApi();
  const revalidator = useRevalidator();
  // The items chosen for a bulk publish or unpublish (kinds with publishing), by id; those no longer listed drop out.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [bulk, setBulk] = useState<{ tone: 'ok' | 'error'; text: string; refused?: [string, string[]][] } | null>(null);
  const [working, setWorking] = useState(false);
  const selected = items.filter((item) => chosen.has(item.id)).map((item) => item.id);
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  async function publishChosen(published: boolean) {
    setBulk(null);
    setWorking(true);
    try {
      const done = await api<{ changed: string[] }>(`/api/admin/content/${kind.name}/publish/`, { method: 'POST', body: { ids: selected, published } });
      setChosen(new Set());
      setBulk({ tone: 'ok', text: formatMessage(messages.list.bulkDone, { count: done.changed.length }, locale) });
      await revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const data = (error.data ?? {}) as { detail?: string; errors?: Record<string, string[]> };
      setBulk({ tone: 'error', text: data.detail ?? error.message, refused: Object.entries(data.errors ?? {}) });
    } finally {
      setWorking(false);
    }
  }
  const ctx: ValueContext = { messages, options, locale };
  const spec = (name: string): FieldSpec | undefined => fields.find((f) => f.name === name);
  // Each value as the form shows it: an option's words, a reference's name, a date in the interface's language.
  const cell = (name: string, value: unknown) => valueText(spec(name), value, ctx);
  // A kind of one item (the home page's texts) is named by the kind itself.
  const titleOf = (value: unknown) => (value && typeof value === 'object' && !('ru' in value) ? messages.kinds[kind.name] : cell(kind.titleField, value));
  const columns = kind.listFields.filter((f) => !(kind.publishing && (f === 'published' || f === 'publishAt')));
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <AdminTitle>{messages.kinds[kind.name]}</AdminTitle>
        {kind.creatable ? (
          <Link
            to={`/admin/content/${kind.name}/new`}
            className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
          >
            {messages.list.create}
          </Link>
        ) : null}
      </div>
      <DeletedNotice messages={messages} kind={kind.name} />
      {kind.csv ? (
        <CsvPanel
          kind={kind.name}
          messages={messages}
          post={(url, file) => api(url, { method: 'POST', body: file })}
          onImported={() => revalidator.revalidate()}
        />
      ) : null}
      {kind.publishing && items.length > 0 ? (
        <div role="group" aria-label={messages.list.selectAll} className="mt-6 flex flex-wrap items-center gap-3">
          <p aria-live="polite" className="text-sm text-muted">
            {formatMessage(messages.list.selected, { count: selected.length }, locale)}
          </p>
          <button
            type="button"
            disabled={working || selected.length === 0}
            className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
            onClick={() => void publishChosen(true)}
          >
            {messages.list.publishSelected}
          </button>
          <button
            type="button"
            disabled={working || selected.length === 0}
            className="min-h-11 rounded-full border border-brand-700 px-5 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-50"
            onClick={() => void publishChosen(false)}
          >
            {messages.list.unpublishSelected}
          </button>
        </div>
      ) : null}
      {bulk ? (
        <div
          role={bulk.tone === 'error' ? 'alert' : 'status'}
          className={`mt-4 rounded-xl p-4 text-sm ${bulk.tone === 'error' ? 'bg-red-50 text-danger' : 'bg-brand-50 text-brand-900'}`}
        >
          <p className="font-semibold">{bulk.text}</p>
          {bulk.refused?.length ? (
            <ul className="mt-2 list-disc pl-5">
              {bulk.refused.map(([id, reasons]) => (
                <li key={id}>
                  {messages.list.id} {id}: {reasons.join(' ')}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-6">{messages.list.empty}</p>
      ) : (
        <TableScroll className="mt-6">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                {kind.publishing ? (
                  <th scope="col" className="py-2 pr-4">
                    <input
                      type="checkbox"
                      className="size-5"
                      aria-label={messages.list.selectAll}
                      checked={selected.length === items.length}
                      onChange={(e) => setChosen(new Set(e.target.checked ? items.map((item) => item.id) : []))}
                    />
                  </th>
                ) : null}
                <th scope="col" className="py-2 pr-4">
                  {messages.list.id}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {fieldLabel(messages, kind.titleField)}
                </th>
                {columns.map((f) => (
                  <th key={f} scope="col" className="py-2 pr-4">
                    {fieldLabel(messages, f)}
                  </th>
                ))}
                {kind.publishing ? (
                  <th scope="col" className="py-2 pr-4">
                    {messages.list.status}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b border-line">
                  {kind.publishing ? (
                    <td className="py-2 pr-4">
                      <input
                        type="checkbox"
                        className="size-5"
                        aria-label={fill(messages.list.select, { title: titleOf(item.values[kind.titleField]) })}
                        checked={chosen.has(item.id)}
                        onChange={(e) => toggle(item.id, e.target.checked)}
                      />
                    </td>
                  ) : null}
                  <td className="py-2 pr-4">{item.id}</td>
                  <td className="py-2 pr-4">
                    <Link to={`/admin/content/${kind.name}/${item.id}`} className="font-semibold text-brand-800 underline">
                      {titleOf(item.values[kind.titleField])}
                    </Link>
                  </td>
                  {columns.map((f) => (
                    <td key={f} className="py-2 pr-4">
                      {cell(f, item.values[f])}
                    </td>
                  ))}
                  {kind.publishing ? <td className="py-2 pr-4">{item.status}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** After a deletion (the edit page's state): it says so and offers to revert it, which brings the item back. */
function DeletedNotice({ messages, kind }: { messages: AdminContentMessages; kind: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const api = useApi();
  const deleted = (location.state as { deleted?: { title: string; auditId: string } } | null)?.deleted;
  const [error, setError] = useState<string | null>(null);
  if (!deleted) return null;
  async function revert() {
    setError(null);
    try {
      const restored = await api<{ id: string }>(`/api/admin/content/revert/${deleted!.auditId}/`, { method: 'POST', body: {} });
      await revalidator.revalidate();
      navigate(`/admin/content/${kind}/${restored.id}`, { replace: true });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(((e.data ?? {}) as { detail?: string }).detail ?? e.message);
    }
  }
  return (
    <div aria-live="polite" className="mt-4">
      <div role={error ? 'alert' : 'status'} className={`rounded-xl p-4 font-semibold ${error ? 'bg-red-50 text-danger' : 'bg-brand-50 text-brand-900'}`}>
        <p>{error ?? fill(messages.edit.deleted, { title: deleted.title })}</p>
        {error ? null : (
          <button type="button" className="mt-3 rounded-full border border-brand-700 px-4 py-2 text-brand-800 hover:bg-brand-50" onClick={() => void revert()}>
            {messages.history.revert}
          </button>
        )}
      </div>
    </div>
  );
}
