/**
 * The media library's picker (issue #42): a real dialog (`<dialog>` opened modal: the page behind is inert and focus
 * stays inside, Escape closes, focus goes back to the opener), named by its heading, with a search by file name or
 * description; each picture is a button named by its file name and description (in the interface's language); choosing one gives the field the library's picture (its number, path and size).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { mediaAlt, type MediaItem } from '#core/admin/media.ts';
import type { AdminContentMessages } from '#core/admin/messages.ts';

export type BrowseMedia = (q: string) => Promise<MediaItem[]>;

export function MediaPicker({
  messages,
  browse,
  label,
  locale,
  onPick,
}: {
  messages: AdminContentMessages;
  browse: BrowseMedia;
  /** The field's label: the opener says which field it fills. */
  label: string;
  /** The interface's language: each picture's alt text is shown in it (Russian where it has none). */
  locale?: string;
  onPick: (item: MediaItem) => void;
}) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const words = messages.image;

  // The list follows the words typed (each answer only if it is still the latest question).
  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(() => {
      browse(q).then(
        (found) => current && setItems(found),
        () => current && setItems([]),
      );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, q, browse]);

  return (
    <>
      <button
        type="button"
        className="ml-2 inline-flex min-h-11 items-center rounded-full border border-brand-700 px-5 font-semibold text-brand-800 hover:bg-brand-50"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
      >
        {words.choose}
        <span className="sr-only">: {label}</span>
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        onClose={() => setOpen(false)}
        className="m-auto max-h-96 w-[min(100%-2rem,28rem)] overflow-y-auto rounded-2xl p-6 text-ink shadow-2xl"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {words.pickerTitle}
          </h2>
          <button type="button" className="min-h-11 rounded-full px-4 font-semibold text-brand-800 hover:bg-brand-50" onClick={() => dialog.current?.close()}>
            {words.pickerClose}
          </button>
        </div>
        <label htmlFor={`${id}-q`} className="mt-4 block text-sm font-semibold">
          {words.pickerSearch}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="mt-1 w-full rounded-lg border border-line bg-white px-3 py-2"
        />
        {items === null ? (
          <p className="mt-4 text-sm text-muted" role="status">
            {words.pickerLoading}
          </p>
        ) : items.length === 0 ? (
          <p className="mt-4 text-sm" role="status">
            {words.pickerEmpty}
          </p>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-4">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="block w-full rounded-xl border border-line p-2 text-left hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
                  onClick={() => {
                    onPick(item);
                    dialog.current?.close();
                  }}
                >
                  <img
                    src={item.thumbnail}
                    alt=""
                    width={240}
                    height={Math.round((240 * item.height) / item.width)}
                    className={`aspect-[4/3] w-full rounded-lg ${item.kind === 'logo' ? 'object-contain' : 'object-cover'}`}
                  />
                  <span className="mt-2 block truncate text-sm font-semibold">{item.fileName}</span>
                  <span className="block truncate text-xs text-muted">{mediaAlt(item.alt, locale)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </dialog>
    </>
  );
}
