import { useId, useRef, useState } from 'react';
import { ApiError } from '#core/http/client.ts';
import { fill, type AdminContentMessages } from '#core/admin/messages.ts';
import { fieldLabel } from './fields/field-parts.tsx';

type Refused = { line: number; key: string; errors: Record<string, string[]> };
type Outcome = { tone: 'ok' | 'error'; text: string; rows?: Refused[] };
type Post = (url: string, file: Blob) => Promise<{ created: number; updated: number; unchanged: number }>;

/**
 * A list's CSV export and import (issue #42, core/admin/csv.ts): the file as the list has it, and a file back, all or
 * none. A refused import lists each refused row by its line in the file, its number and its fields' reasons, in the
 * interface's language; a done one says what it changed. The outcome is a live region, so it is heard as well as seen.
 */
export function CsvPanel({
  kind,
  messages,
  post,
  onImported,
}: {
  kind: string;
  messages: AdminContentMessages;
  post: Post;
  onImported: () => Promise<unknown>;
}) {
  const words = messages.list.csv;
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const inputId = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [working, setWorking] = useState(false);
  const url = `/api/admin/content/${kind}/csv/`;

  async function upload(event: React.FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return;
    setOutcome(null);
    setWorking(true);
    try {
      // Whatever type the system gave the file (Excel's own on Windows), it is sent as the CSV it must be.
      const done = await post(url, new Blob([await file.arrayBuffer()], { type: 'text/csv' }));
      setOutcome({ tone: 'ok', text: fill(words.done, { created: done.created, updated: done.updated, unchanged: done.unchanged }) });
      if (input.current) input.current.value = '';
      await onImported();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const data = (error.data ?? {}) as { detail?: string; rows?: Refused[] };
      setOutcome({ tone: 'error', text: data.detail ?? error.message, ...(data.rows ? { rows: data.rows } : {}) });
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-line">
      <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => void upload(e)}>
        <a
          href={url}
          download
          className="inline-flex min-h-11 items-center rounded-full border border-brand-700 px-5 font-semibold text-brand-800 hover:bg-brand-50"
        >
          {words.export}
        </a>
        <div className="grow">
          <label htmlFor={inputId} className="block text-sm font-semibold">
            {words.fileLabel}
          </label>
          <input ref={input} id={inputId} type="file" accept=".csv,text/csv" required aria-describedby={hintId} className="mt-1 block min-h-11 text-sm" />
          <p id={hintId} className="mt-1 text-sm text-muted">
            {words.importHint}
          </p>
        </div>
        <button
          type="submit"
          disabled={working}
          className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
        >
          {working ? words.importing : words.import}
        </button>
      </form>
      <div role={outcome?.tone === 'error' ? 'alert' : 'status'} className="mt-3 text-sm empty:hidden">
        {outcome ? (
          <div className={`rounded-xl p-4 ${outcome.tone === 'error' ? 'bg-red-50 text-danger' : 'bg-brand-50 text-brand-900'}`}>
            <p className="font-semibold">{outcome.text}</p>
            {outcome.rows?.length ? (
              <ul className="mt-2 list-disc pl-5">
                {outcome.rows.map((row) => (
                  <li key={row.line}>
                    {fill(words.line, { line: row.line })}
                    {row.key ? ` (${messages.list.id} ${row.key})` : ''}:{' '}
                    {Object.entries(row.errors)
                      .map(([field, reasons]) => `${fieldLabel(messages, field)} — ${reasons.join(' ')}`)
                      .join('; ')}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
