import { useCallback, useEffect, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { useT } from '#app/lib/i18n.tsx';
import { Icon } from './icon.tsx';

/**
 * A modal on the native `<dialog>`: the browser traps focus, makes the page inert, closes on Esc and
 * (closedby="any") on a click outside, and returns focus to the opener. Openers use invoker commands,
 * so the modal opens even before JavaScript has loaded; `openDialog` covers browsers without them.
 */
export function Dialog({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  const t = useT();
  return (
    <dialog id={id} aria-labelledby={`${id}-title`} {...{ closedby: 'any' }} className={`dialog ${className}`.trimEnd()}>
      <div className="dialog-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <DialogCloseButton dialogId={id} label={t('contact.close')} />
      </div>
      <div className="px-6 pt-4 pb-6">{children}</div>
    </dialog>
  );
}

/** Closes `dialog` when the window matches `query` (a phone's sheet or menu left open while the window widens to the layout without it). */
export function useCloseWhenWide(dialog: RefObject<HTMLDialogElement | null>, query: string): void {
  useEffect(() => {
    const wide = window.matchMedia(query);
    const close = () => {
      if (wide.matches && dialog.current?.open) dialog.current.close();
    };
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, [dialog, query]);
}

function supportsInvokers(): boolean {
  return typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype;
}

export function DialogCloseButton({ dialogId, label, className = '' }: { dialogId: string; label: string; className?: string }) {
  const onClick = useCallback(() => {
    if (!supportsInvokers()) (document.getElementById(dialogId) as HTMLDialogElement | null)?.close();
  }, [dialogId]);
  return (
    <button
      type="button"
      {...{ command: 'close', commandfor: dialogId }}
      onClick={onClick}
      aria-label={label}
      className={`dialog-close ${className}`.trimEnd()}
    >
      <Icon name="close" className="size-6" />
    </button>
  );
}

/** The button that last opened each dialog (by id): where focus goes back when the dialog is made anew. */
const openers = new Map<string, HTMLElement>();
export const dialogOpenedFrom = (dialogId: string): HTMLElement | undefined => openers.get(dialogId);

/**
 * Props for any button that opens a dialog. `load`: the dialog's code, when it is not in the page's first load
 * (app/lib/deferred.tsx) — asked for when a pointer comes over the button or it gets focus, so it has usually
 * arrived by the click; the dialog's HTML is in the page either way, so it opens at once.
 */
export function dialogOpener(dialogId: string, load?: () => Promise<void>) {
  const prepare = load
    ? () => {
        load().catch(() => {});
      }
    : undefined;
  return {
    type: 'button' as const,
    'aria-haspopup': 'dialog' as const,
    ...{ command: 'show-modal', commandfor: dialogId },
    ...(prepare ? { onPointerEnter: prepare, onFocus: prepare } : {}),
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      openers.set(dialogId, event.currentTarget);
      prepare?.();
      if (!supportsInvokers()) (document.getElementById(dialogId) as HTMLDialogElement | null)?.showModal();
    },
  };
}
