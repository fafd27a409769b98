import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import { AUTOSAVE_DELAY_MS, DraftStatus, useAutosave, type DraftSaveOutcome } from './draft-autosave.tsx';

/**
 * A draft's autosave (issue #42) in a DOM with the test's clock: saved once typing pauses, one save at a time, its
 * status told truthfully in a live region in the interface's language, a conflict stopping the saves.
 */
afterEach(cleanup);
beforeEach(() => {
  vi.useFakeTimers();
  return () => vi.useRealTimers();
});

function Editor({ save, locale = 'ru' as 'ru' | 'en' }: { save: (text: string) => Promise<DraftSaveOutcome>; locale?: 'ru' | 'en' }) {
  const [text, setText] = useState('Было');
  const autosave = useAutosave({ value: text, enabled: true, save });
  return (
    <>
      <label>
        Title
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <DraftStatus status={autosave.status} messages={ADMIN_CONTENT_MESSAGES[locale]} locale={locale} />
      <button type="button" onClick={() => void autosave.flush()}>
        Flush
      </button>
    </>
  );
}

/** 09:04 UTC: 12:04 in Moscow, where the back office's clock is. */
const AT = new Date('2026-11-30T09:04:00Z');
const type = (value: string) => fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value } });
const settle = async (ms = AUTOSAVE_DELAY_MS) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('the draft’s autosave', () => {
  it('saves once typing pauses and says when, in the interface’s language', async () => {
    const save = vi.fn(async () => ({ ok: true as const, at: AT }));
    render(<Editor save={save} />);
    expect(screen.getByRole('status').textContent).toBe('');
    type('Ст');
    type('Стало');
    expect(screen.getByRole('status').textContent).toBe('Есть несохранённые правки');
    await settle(AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    await settle(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('Стало');
    expect(screen.getByRole('status').textContent).toBe('Черновик сохранён в 12:04');
    // Nothing new, nothing saved.
    await settle(AUTOSAVE_DELAY_MS * 3);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('speaks English to an English interface', async () => {
    render(<Editor locale="en" save={async () => ({ ok: true, at: AT })} />);
    type('Changed');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Draft saved at 12:04');
  });

  it('never says saved while a newer change is on its way, and saves that one next', async () => {
    let finish: (outcome: DraftSaveOutcome) => void = () => {};
    const save = vi.fn(() => new Promise<DraftSaveOutcome>((resolve) => (finish = resolve)));
    render(<Editor save={save} />);
    type('Один');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Черновик сохраняется…');
    type('Один и два');
    await settle();
    // The first save is still out: no second one at the same time.
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => finish({ ok: true, at: AT }));
    expect(screen.getByRole('status').textContent).not.toBe('Черновик сохранён в 12:04');
    await settle();
    expect(save).toHaveBeenLastCalledWith('Один и два');
    await act(async () => finish({ ok: true, at: AT }));
    expect(screen.getByRole('status').textContent).toBe('Черновик сохранён в 12:04');
  });

  it('stops saving after another tab saved the draft first, and says why a save failed', async () => {
    const save = vi.fn(async (): Promise<DraftSaveOutcome> => ({ ok: false, conflict: true }));
    render(<Editor save={save} />);
    type('Моё');
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    type('Моё ещё');
    await settle(AUTOSAVE_DELAY_MS * 3);
    expect(save).toHaveBeenCalledTimes(1);

    cleanup();
    render(<Editor save={async () => ({ ok: false, reason: 'сеть недоступна' })} />);
    type('Другое');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Черновик не сохранён: сеть недоступна');
  });

  it('saves at once when asked (before publishing or a preview)', async () => {
    const save = vi.fn(async () => ({ ok: true as const, at: AT }));
    render(<Editor save={save} />);
    type('Сразу');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Flush' })));
    expect(save).toHaveBeenCalledWith('Сразу');
    await settle(AUTOSAVE_DELAY_MS * 2);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
