import { useCallback, useState } from 'react';
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { AdminTitle, TableScroll } from '#app/components/admin/shell.tsx';
import { ConfirmButton } from '#app/components/admin/confirm-dialog.tsx';
import type { Route } from './+types/content-edit';
import { emptyValues, ownKey } from '#core/admin/kinds.ts';
import { fill } from '#core/admin/messages.ts';
import { ApiError } from '#core/http/client.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { contentPage, formOf, thumbnailsOf } from '#app/lib/admin-content.server.ts';
import { useApi } from '#app/lib/api.ts';
import { FieldList, fieldLabel, type Errors, type Option, type Values } from '#app/components/admin/content-form.tsx';
import { ChangeDiff, type FieldChange } from '#app/components/admin/history-diff.tsx';
import { DraftStatus } from '#app/components/admin/draft-autosave.tsx';
import { useDraft, type DraftNotice } from '#app/components/admin/use-draft.ts';
import type { MediaItem } from '#core/admin/media.ts';

type Item = { id: string; values: Values; version: string; publicPath: string | null };

/** `/admin/content/{kind}/new` and `/admin/content/{kind}/{id}`: the kind's form, and an item's history with revert. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { messages, kind, editor, drafts, locale, thumbnail, searchedLabels } = await contentPage(context, request, params.kind);
  const { fields, options } = await formOf(kind!, editor, locale);
  const isNew = params.id === 'new';
  if (isNew && !kind!.creatable) throw new Response(null, { status: 404 });
  const item = isNew ? null : await editor.get(kind!.name, params.id);
  if (!isNew && !item) throw new Response(null, { status: 404 });
  const history = item ? await editor.history(kind!.name, item.id) : [];
  // A published item of a kind with a preview is edited as a draft beside it (issue #42): the form opens on its draft.
  const draftable = kind!.publishing && kind!.preview;
  const draft = item && draftable ? await drafts.get(kind!.name, item.id) : null;
  const values = draft?.values ?? item?.values ?? emptyValues(kind!);
  // The lots the form and its history name, labelled from the first paint (issue #42).
  Object.assign(options, await searchedLabels(fields, [values, ...history.flatMap((entry) => [entry.before, entry.after])]));
  return {
    messages,
    locale,
    kind: {
      name: kind!.name,
      titleField: kind!.titleField,
      preview: kind!.preview,
      publishing: kind!.publishing,
      ownKey: ownKey(kind!),
      deletable: kind!.deletable !== false,
      drafts: draftable,
    },
    fields,
    options,
    item,
    draft,
    values,
    thumbnails: thumbnailsOf(values, thumbnail),
    history: history.map(({ before, after, ...entry }) => ({ ...entry, changes: fieldChanges(before, after) })),
  };
}

/** The fields a recorded change touched, each with its value before and after (the history table writes them as the form shows them). */
function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((name) => ({ name, before: a[name] ?? null, after: b[name] ?? null }));
}

type Notice = DraftNotice & { conflict?: Item | null };

export default function ContentEdit({ loaderData }: Route.ComponentProps) {
  // A new form and each item are their own editor (the state of one must not carry over to the next).
  return <Editor key={loaderData.item?.id ?? 'new'} loaderData={loaderData} />;
}

function Editor({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const { messages, kind, item, locale } = loaderData;
  const location = useLocation();
  const api = useApi();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [values, setValues] = useState<Values>(loaderData.values);
  const [version, setVersion] = useState(item?.version ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(
    (location.state as { created?: boolean } | null)?.created ? { tone: 'ok', text: messages.edit.created } : null,
  );
  const [busy, setBusy] = useState(false);
  const words = messages.edit;
  const base = `/api/admin/content/${kind.name}/`;
  const title = (values[kind.titleField] as Record<string, string> | string | number | undefined) ?? '';
  // A kind of one item (the home page's texts) is named by the kind itself.
  const titleText = typeof title === 'object' ? ('ru' in title ? title[locale] || title.ru || '' : messages.kinds[kind.name]) : String(title);
  const draft = useDraft({
    api,
    base,
    item,
    draftable: kind.drafts,
    initial: loaderData.draft,
    values,
    setValues,
    version,
    setVersion,
    setErrors,
    setNotice,
    messages,
    revalidate: () => revalidator.revalidate(),
  });

  async function save(next: Values) {
    setBusy(true);
    setNotice(null);
    try {
      if (!item) {
        const created = await api<Item>(base, { method: 'POST', body: { values: next } });
        navigate(`/admin/content/${kind.name}/${created.id}`, { state: { created: true } });
        return;
      }
      const saved = await api<Item>(`${base}${item.id}/`, { method: 'PUT', body: { version, values: next } });
      setValues(saved.values);
      setVersion(saved.version);
      setErrors({});
      setNotice({ tone: 'ok', text: words.saved });
      await revalidator.revalidate();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const data = (error.data ?? {}) as { detail?: string; errors?: Errors; current?: Item | null };
      if (error.status === 400 && data.errors) {
        setErrors(data.errors);
        setNotice({
          tone: 'error',
          text: fill(words.invalid, {
            fields: Object.keys(data.errors)
              .map((f) => fieldLabel(messages, f.split('.')[0]!))
              .join(', '),
          }),
        });
      } else if (error.status === 409) {
        setNotice({ tone: 'error', text: words.conflict, conflict: data.current ?? null });
      } else {
        setNotice({ tone: 'error', text: data.detail ?? error.message });
      }
    } finally {
      setBusy(false);
    }
  }

  /** Deletes the item at the version shown; the list then says so and offers to revert it. */
  async function remove() {
    if (!item) return;
    setBusy(true);
    setNotice(null);
    try {
      const deleted = await api<Item & { auditId: string }>(`${base}${item.id}/`, { method: 'DELETE', query: { version: version ?? '' } });
      navigate(`/admin/content/${kind.name}`, { state: { deleted: { title: titleText, auditId: deleted.auditId } } });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const data = (error.data ?? {}) as { detail?: string; errors?: Errors; current?: Item | null };
      if (error.status === 409) setNotice({ tone: 'error', text: words.conflict, conflict: data.current ?? null });
      else setNotice({ tone: 'error', text: data.errors ? Object.values(data.errors).flat().join(' ') : (data.detail ?? error.message) });
    } finally {
      setBusy(false);
    }
  }

  async function upload(file: File) {
    try {
      // Into the media library: the item keeps the new picture's number there.
      const image = await api<MediaItem>('/api/admin/media/', {
        method: 'POST',
        body: file,
        headers: { 'content-type': file.type },
        query: { name: file.name },
      });
      return { image: { src: image.src, width: image.width, height: image.height, mediaId: image.id }, thumbnail: image.thumbnail };
    } catch (error) {
      const data = error instanceof ApiError ? ((error.data ?? {}) as { detail?: string }) : {};
      return { error: data.detail ?? String(error) };
    }
  }

  /** The media library's newest pictures matching `q` (the image fields' picker). */
  const browse = useCallback(
    async (q: string) => (await api<{ results: MediaItem[] }>('/api/admin/media/', { query: { ...(q.trim() ? { q: q.trim() } : {}), limit: 48 } })).results,
    [api],
  );

  /** The searched pickers' choices (lots, buildings: issue #42), in the interface's language (the back office's cookie). */
  const search = useCallback(
    async (source: string, query: { q: string } | { ids: string[] } | { project: string }) =>
      api<Option[]>(`/api/admin/content/options/${source}/search/`, {
        query: 'q' in query ? { q: query.q, limit: 20 } : 'ids' in query ? { ids: query.ids.join(',') } : { project: query.project },
      }),
    [api],
  );

  async function revert(auditId: string) {
    setNotice(null);
    try {
      const reverted = await api<Item & { kind: string }>(`/api/admin/content/revert/${auditId}/`, { method: 'POST', body: {} });
      if (reverted.values) {
        setValues(reverted.values);
        setVersion(reverted.version);
      }
      setErrors({});
      setNotice({ tone: 'ok', text: messages.history.reverted });
      await revalidator.revalidate();
    } catch (error) {
      const data = error instanceof ApiError ? ((error.data ?? {}) as { detail?: string }) : {};
      setNotice({ tone: 'error', text: data.detail ?? String(error) });
    }
  }

  const published = values.published === true;
  return (
    <section>
      <p>
        <Link to={`/admin/content/${kind.name}`} className="text-sm font-semibold text-brand-800 underline">
          {words.back}
        </Link>
      </p>
      <AdminTitle>{item ? fill(words.editTitle, { title: titleText }) : fill(words.newTitle, { kind: messages.kinds[kind.name] })}</AdminTitle>
      <div aria-live="polite" className="mt-4">
        {notice ? (
          <div
            role={notice.tone === 'error' ? 'alert' : 'status'}
            className={`rounded-xl p-4 font-semibold ${notice.tone === 'error' ? 'bg-red-50 text-danger' : 'bg-brand-50 text-brand-900'}`}
          >
            <p>{notice.text}</p>
            {notice.action ? (
              <button
                type="button"
                className="mt-3 rounded-full border border-brand-700 px-4 py-2 text-brand-800 hover:bg-brand-50"
                onClick={notice.action.run}
              >
                {notice.action.label}
              </button>
            ) : null}
            {notice.conflict ? (
              <button
                type="button"
                className="mt-3 rounded-full border border-brand-700 px-4 py-2 text-brand-800 hover:bg-brand-50"
                onClick={() => {
                  setValues(notice.conflict!.values);
                  setVersion(notice.conflict!.version);
                  setErrors({});
                  setNotice(null);
                }}
              >
                {words.reload}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <form
        className="mt-6 space-y-8"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void (draft.on ? draft.publish() : save(values));
        }}
      >
        {draft.on ? (
          <div className="rounded-xl bg-brand-50 p-4">
            <p>
              {draft.draft
                ? fill(messages.draft.since, {
                    time: new Date(draft.draft.updatedAt).toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-GB', {
                      timeZone: 'Europe/Moscow',
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                  })
                : messages.draft.notice}
            </p>
            <DraftStatus status={draft.status} messages={messages} locale={locale} />
          </div>
        ) : null}
        <FieldList
          fields={loaderData.fields}
          values={values}
          onChange={setValues}
          errors={errors}
          messages={messages}
          options={loaderData.options}
          thumbnails={loaderData.thumbnails}
          upload={upload}
          locale={locale}
          browse={browse}
          search={search}
          fixed={item && kind.ownKey ? [kind.ownKey] : []}
        />
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-6">
          <button
            type="submit"
            disabled={busy || (draft.on && !draft.draft && draft.status.state === 'idle')}
            className="min-h-11 rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
          >
            {draft.on ? messages.draft.publish : busy ? words.saving : words.save}
          </button>
          {draft.on && draft.draft ? (
            <ConfirmButton
              label={messages.draft.discard}
              className="min-h-11 rounded-full border border-brand-700 px-6 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-50"
              disabled={busy}
              title={{ id: 'content-draft-discard', text: messages.draft.discardTitle }}
              text={messages.draft.discardText}
              cancel={messages.draft.discardCancel}
              confirm={messages.draft.discardConfirm}
              onConfirm={draft.discard}
            />
          ) : null}
          {kind.publishing && item && !(draft.on && draft.draft) ? (
            <button
              type="button"
              disabled={busy}
              className="min-h-11 rounded-full border border-brand-700 px-6 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-50"
              onClick={() => {
                const next = { ...values, published: !published };
                setValues(next);
                void save(next);
              }}
            >
              {published ? words.unpublish : words.publish}
            </button>
          ) : null}
          {kind.preview && item
            ? LOCALES.map((l) => (
                // The real page (issue #42): a whole page load, once the draft holds what the form shows.
                <a
                  key={l}
                  href={`/admin/content/${kind.name}/${item.id}/preview?lang=${l}`}
                  className="font-semibold text-brand-800 underline"
                  onClick={(e) => {
                    e.preventDefault();
                    const href = e.currentTarget.href;
                    void draft.flush().then(() => window.location.assign(href));
                  }}
                >
                  {draft.on ? messages.draft.preview : words.preview} · {messages.languages[l]}
                </a>
              ))
            : null}
          {item && kind.deletable ? <DeleteButton title={titleText} words={words} busy={busy} onConfirm={remove} /> : null}
        </div>
      </form>
      {item ? (
        <History
          history={loaderData.history}
          fields={loaderData.fields}
          options={loaderData.options}
          messages={messages}
          locale={locale}
          busy={busy}
          onRevert={revert}
        />
      ) : null}
    </section>
  );
}

function History({
  history,
  fields,
  options,
  messages,
  locale,
  busy,
  onRevert,
}: {
  history: Route.ComponentProps['loaderData']['history'];
  fields: Route.ComponentProps['loaderData']['fields'];
  options: Route.ComponentProps['loaderData']['options'];
  messages: Route.ComponentProps['loaderData']['messages'];
  locale: string;
  busy: boolean;
  onRevert: (id: string) => Promise<void>;
}) {
  const words = messages.history;
  return (
    <section className="mt-12" aria-labelledby="content-history">
      <h2 id="content-history" className="text-xl font-bold">
        {words.title}
      </h2>
      {history.length === 0 ? (
        <p className="mt-3">{words.empty}</p>
      ) : (
        <TableScroll className="mt-3">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4">
                  {words.when}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {words.who}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {words.what}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {words.changed}
                </th>
                <th scope="col" className="py-2 pr-4">
                  <span className="sr-only">{words.revert}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry, index) => (
                <tr key={entry.id} className="border-b border-line align-top">
                  <td className="py-2 pr-4 whitespace-nowrap">
                    <time dateTime={entry.at}>{new Date(entry.at).toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-GB', { timeZone: 'Europe/Moscow' })}</time>
                  </td>
                  <td className="py-2 pr-4">{entry.staffEmail ?? '—'}</td>
                  <td className="py-2 pr-4">{words.actions[entry.action] ?? entry.action}</td>
                  <td className="py-2 pr-4">
                    <ChangeDiff changes={entry.changes} fields={fields} options={options} messages={messages} locale={locale} />
                  </td>
                  <td className="py-2 pr-4">
                    {index === 0 && (entry.action === 'update' || entry.action === 'revert') ? (
                      <ConfirmButton
                        label={words.revert}
                        className="rounded-full border border-brand-700 px-3 py-1 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-50"
                        disabled={busy}
                        title={{ id: `history-revert-${entry.id}`, text: words.revertTitle }}
                        text={words.revertText}
                        cancel={words.revertCancel}
                        confirm={words.revertConfirm}
                        onConfirm={() => onRevert(entry.id)}
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** Delete, asked again in a dialog. */
function DeleteButton({
  title,
  words,
  busy,
  onConfirm,
}: {
  title: string;
  words: Route.ComponentProps['loaderData']['messages']['edit'];
  busy: boolean;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmButton
      label={words.delete}
      className="ml-auto min-h-11 rounded-full border border-danger px-6 font-semibold text-danger hover:bg-red-50 disabled:opacity-50"
      disabled={busy}
      title={{ id: 'content-delete-title', text: fill(words.deleteTitle, { title }) }}
      text={words.deleteText}
      cancel={words.deleteCancel}
      confirm={words.deleteConfirm}
      tone="danger"
      onConfirm={onConfirm}
    />
  );
}
