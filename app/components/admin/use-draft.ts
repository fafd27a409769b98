import { useCallback, useEffect, useRef, useState } from 'react';
import { fill, type AdminContentMessages } from '#core/admin/messages.ts';
import { ApiError } from '#core/http/client.ts';
import type { useApi } from '#app/lib/api.ts';
import { useAutosave, type DraftSaveOutcome } from './draft-autosave.tsx';
import { fieldLabel, type Errors, type Values } from './content-form.tsx';

export type Draft = { values: Values; version: string; baseVersion: string; updatedAt: string; staffEmail: string | null };
type Item = { id: string; values: Values; version: string; publicPath: string | null };

/** What the editor is told after a draft's action, and the one thing it may do about it. */
export type DraftNotice = { tone: 'ok' | 'error'; text: string; action?: { label: string; run: () => void } };

/**
 * A published item edited as a draft (issue #42, ADR 042): the form's values are saved to the item's draft as the
 * editor types (`PUT …/{id}/draft/` over the draft's version this tab saw), published through the engine (`POST
 * …/draft/publish/`) or discarded (`DELETE …/draft/`); the live item is untouched until then. On for an item of a
 * kind with drafts that is published or has a draft; off, the form saves the item itself as before.
 */
export function useDraft(input: {
  api: ReturnType<typeof useApi>;
  base: string;
  item: Item | null;
  draftable: boolean;
  initial: Draft | null;
  values: Values;
  setValues: (values: Values) => void;
  version: string | null;
  setVersion: (version: string) => void;
  setErrors: (errors: Errors) => void;
  setNotice: (notice: DraftNotice | null) => void;
  messages: AdminContentMessages;
  revalidate: () => Promise<void>;
}) {
  const { api, base, item, messages, values, setValues, setVersion, setErrors, setNotice } = input;
  const words = messages.draft;
  const [draft, setDraft] = useState<Draft | null>(input.initial);
  // The draft's version and base as the next request must say them (read after awaits: a ref, not the render's value).
  const current = useRef<Draft | null>(input.initial);
  const keep = (next: Draft | null) => {
    current.current = next;
    setDraft(next);
  };
  const on = Boolean(item && input.draftable && (item.values.published === true || draft));
  const url = item ? `${base}${item.id}/draft/` : '';

  const save = useCallback(
    async (next: Values): Promise<DraftSaveOutcome> => {
      try {
        const saved = await api<Draft>(url, {
          method: 'PUT',
          body: { version: current.current?.version ?? null, baseVersion: current.current?.baseVersion ?? input.version, values: next },
        });
        keep(saved);
        return { ok: true, at: new Date(saved.updatedAt) };
      } catch (error) {
        if (!(error instanceof ApiError)) return { ok: false, reason: String(error) };
        const data = (error.data ?? {}) as { detail?: string; draft?: Draft | null };
        if (error.status !== 409) return { ok: false, reason: data.detail ?? error.message };
        setNotice({ tone: 'error', text: data.detail ?? words.conflict, action: { label: words.reload, run: () => void load() } });
        return { ok: false, conflict: true };
      }
    },
    // `load` is stable in effect (it reads refs and setters); `input.version` is the live item's as the draft starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, url, input.version],
  );
  const autosave = useAutosave({ value: values, enabled: on, save });
  // The live item changed under this form (a save, a publish, a revert, a reload): what the form now shows is the
  // starting point, not a change to save as a draft.
  useEffect(() => {
    autosave.reset(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input.version]);

  /** The draft as it is now on the server (or the live item when there is none), in place of what this tab had. */
  async function load() {
    if (!item) return;
    const fresh = await api<Item & { draft: Draft | null }>(`${base}${item.id}/`);
    keep(fresh.draft);
    setVersion(fresh.version);
    const shown = fresh.draft?.values ?? fresh.values;
    autosave.reset(shown);
    setValues(shown);
    setErrors({});
    setNotice(null);
  }

  async function publish(baseVersion?: string) {
    setNotice(null);
    if (!(await autosave.flush()) || !current.current) return;
    try {
      const published = await api<Item>(`${url}publish/`, {
        method: 'POST',
        body: { version: current.current.version, ...(baseVersion ? { baseVersion } : {}) },
      });
      keep(null);
      autosave.reset(published.values);
      setValues(published.values);
      setVersion(published.version);
      setErrors({});
      setNotice({ tone: 'ok', text: words.published });
      await input.revalidate();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const data = (error.data ?? {}) as { detail?: string; errors?: Errors; reason?: 'draft' | 'live'; current?: Item | null };
      if (error.status === 400 && data.errors) {
        setErrors(data.errors);
        const fields = Object.keys(data.errors).map((f) => fieldLabel(messages, f.split('.')[0]!));
        setNotice({ tone: 'error', text: fill(words.invalid, { fields: [...new Set(fields)].join(', ') }) });
      } else if (error.status === 409 && data.reason === 'live' && data.current) {
        const over = data.current.version;
        setNotice({ tone: 'error', text: data.detail ?? words.liveChanged, action: { label: words.publishAnyway, run: () => void publish(over) } });
      } else if (error.status === 409) {
        setNotice({ tone: 'error', text: data.detail ?? words.conflict, action: { label: words.reload, run: () => void load() } });
      } else setNotice({ tone: 'error', text: data.detail ?? error.message });
    }
  }

  async function discard() {
    setNotice(null);
    if (!item || !current.current) return;
    try {
      await api(url, { method: 'DELETE', query: { version: current.current.version } });
      keep(null);
      await load();
      setNotice({ tone: 'ok', text: words.discarded });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const data = (error.data ?? {}) as { detail?: string };
      setNotice({ tone: 'error', text: data.detail ?? error.message, action: { label: words.reload, run: () => void load() } });
    }
  }

  return { on, draft, status: autosave.status, publish, discard, flush: autosave.flush };
}
