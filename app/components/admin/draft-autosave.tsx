import { useCallback, useEffect, useRef, useState } from 'react';
import { INPUT_TIME_ZONE } from '#core/admin/intl-input.ts';
import { fill, type AdminContentMessages } from '#core/admin/messages.ts';

/** What a save of the draft came to: saved at a moment, refused because another tab saved first, or failed. */
export type DraftSaveOutcome = { ok: true; at: Date } | { ok: false; conflict: true } | { ok: false; conflict?: false; reason: string };

/** What the editor is told of the draft: truthful, so "saved" only once the server said so. */
export type AutosaveStatus =
  { state: 'idle' } | { state: 'unsaved' } | { state: 'saving' } | { state: 'saved'; at: Date } | { state: 'failed'; reason: string } | { state: 'conflict' };

/** How long typing may pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 1_000;

/**
 * Saves `value` a moment after the editor stops changing it (issue #42): one save at a time, the newest value next
 * when it changed meanwhile; nothing while disabled or when the value is the one saved last. A refusal because
 * another tab saved the draft first stops the saving until `reset` (the editor loaded the draft). `flush` saves what
 * is pending now and says whether everything is saved (before publishing, before a preview).
 */
export function useAutosave<T>({
  value,
  enabled,
  save,
  delayMs = AUTOSAVE_DELAY_MS,
}: {
  value: T;
  enabled: boolean;
  save: (value: T) => Promise<DraftSaveOutcome>;
  delayMs?: number;
}) {
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle' });
  const saved = useRef<string>(JSON.stringify(value));
  const latest = useRef<T>(value);
  const saveRef = useRef(save);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef<Promise<boolean> | null>(null);
  const stopped = useRef(false);
  useEffect(() => {
    latest.current = value;
    saveRef.current = save;
  }, [value, save]);

  const dirty = () => JSON.stringify(latest.current) !== saved.current;

  const run = useCallback(async (): Promise<boolean> => {
    if (running.current) await running.current;
    if (stopped.current) return false;
    if (!dirty()) return true;
    const value = latest.current;
    const text = JSON.stringify(value);
    setStatus({ state: 'saving' });
    const attempt = (async () => {
      const outcome = await saveRef.current(value);
      if (outcome.ok) {
        saved.current = text;
        // Changed again while this one was on its way: say so, the next save follows.
        setStatus(dirty() ? { state: 'unsaved' } : { state: 'saved', at: outcome.at });
        return true;
      }
      if (outcome.conflict) {
        stopped.current = true;
        setStatus({ state: 'conflict' });
      } else setStatus({ state: 'failed', reason: outcome.reason });
      return false;
    })();
    running.current = attempt;
    try {
      return await attempt;
    } finally {
      running.current = null;
    }
  }, []);

  useEffect(() => {
    if (!enabled || stopped.current || !dirty()) return;
    setStatus({ state: 'unsaved' });
    timer.current = setTimeout(() => {
      timer.current = null;
      void run().then((ok) => {
        if (ok && dirty()) void run();
      });
    }, delayMs);
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [value, enabled, delayMs, run]);

  return {
    status,
    /** Saves what is pending now; true when the draft holds what the form shows. */
    async flush(): Promise<boolean> {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (!enabled) return true;
      const ok = await run();
      return ok && !dirty();
    },
    /** Takes `value` as saved (a draft loaded, published or discarded) and saves again from here. */
    reset(value: T, next: AutosaveStatus = { state: 'idle' }) {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      saved.current = JSON.stringify(value);
      latest.current = value;
      stopped.current = false;
      setStatus(next);
    },
  };
}

/** A moment's time of day on the Moscow clock, as the interface's language writes it (`12:04`). */
export function clockTime(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: INPUT_TIME_ZONE }).format(at);
}

/**
 * The draft's state in a live region (read out politely as it changes): saving, saved at a time, changes not saved
 * yet, or why it was not saved. A conflict is the editor's alert (it needs an action), not this line's.
 */
export function DraftStatus({ status, messages, locale }: { status: AutosaveStatus; messages: AdminContentMessages; locale: string }) {
  const words = messages.draft;
  const text =
    status.state === 'saving'
      ? words.saving
      : status.state === 'saved'
        ? fill(words.saved, { time: clockTime(status.at, locale) })
        : status.state === 'unsaved'
          ? words.unsaved
          : status.state === 'failed'
            ? fill(words.failed, { reason: status.reason })
            : '';
  return (
    <p role="status" aria-live="polite" className={`min-h-6 text-sm font-semibold ${status.state === 'failed' ? 'text-danger' : 'text-muted'}`}>
      {text}
    </p>
  );
}
