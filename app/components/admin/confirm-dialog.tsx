import { useRef } from 'react';

const CONFIRM = { brand: 'bg-brand-700', danger: 'bg-danger' } as const;

/**
 * A button whose action is asked again in a real dialog (`<dialog>`: focus kept inside and given back by the
 * browser, Escape cancels): the back office's delete and revert.
 */
export function ConfirmButton({
  label,
  ariaLabel,
  className,
  disabled,
  title,
  text,
  cancel,
  confirm,
  tone = 'brand',
  onConfirm,
}: {
  label: string;
  ariaLabel?: string;
  /** The opening button's look. */
  className: string;
  disabled: boolean;
  /** The dialog's heading: its id and text. */
  title: { id: string; text: string };
  text: string;
  cancel: string;
  confirm: string;
  tone?: keyof typeof CONFIRM;
  onConfirm: () => Promise<void>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" disabled={disabled} aria-label={ariaLabel} className={className} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={title.id} className="m-auto w-[min(100%-2rem,28rem)] rounded-2xl p-6 text-ink shadow-2xl">
        <h2 id={title.id} className="text-lg font-bold">
          {title.text}
        </h2>
        <p className="mt-2">{text}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className="min-h-11 rounded-full border border-brand-700 px-5 font-semibold text-brand-800 hover:bg-brand-50"
            onClick={() => dialog.current?.close()}
          >
            {cancel}
          </button>
          <button
            type="button"
            className={`min-h-11 rounded-full ${CONFIRM[tone]} px-5 font-semibold text-white hover:opacity-90`}
            onClick={() => {
              dialog.current?.close();
              void onConfirm();
            }}
          >
            {confirm}
          </button>
        </div>
      </dialog>
    </>
  );
}
