/**
 * A picture of the media library: chosen there (the picker) or uploaded into it, shown as a thumbnail, replaced, or
 * removed where the field may be empty. The item keeps the library's number: its alt text, crop and focus point are the
 * library's.
 */
import { useId, useState } from 'react';
import { UPLOAD_MAX_MB } from '#core/admin/fields.ts';
import { fill } from '#core/admin/messages.ts';
import { labelClass, type FieldProps, type ImageValue } from './field-parts.tsx';
import { MediaPicker } from './media-picker.tsx';

export function ImageField({ spec, value, errors, onChange, messages, thumbnails, upload, browse, label, locale }: FieldProps & { label: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thumb, setThumb] = useState<Record<string, string>>({});
  const image = value as ImageValue | null;
  const src = image ? (thumb[image.src] ?? thumbnails[image.src]) : undefined;
  const own = [
    ...(errors[spec.name] ?? []),
    ...Object.entries(errors).flatMap(([k, v]) => (k.startsWith(`${spec.name}.`) ? v : [])),
    ...(error ? [error] : []),
  ];
  return (
    <fieldset aria-describedby={own.length ? `${id}-error` : `${id}-hint`}>
      <legend className={labelClass}>{label}</legend>
      <div className="mt-2 flex flex-wrap items-end gap-4">
        {image && src ? (
          <img
            src={src}
            alt={messages.image.alt}
            width={240}
            height={Math.round((240 * image.height) / image.width)}
            className="rounded-lg border border-line object-cover"
          />
        ) : null}
        <div>
          <label
            htmlFor={id}
            className="inline-flex min-h-11 cursor-pointer items-center rounded-full border border-brand-700 px-5 font-semibold text-brand-800 focus-within:outline-2 focus-within:outline-brand-500 hover:bg-brand-50"
          >
            {busy ? messages.image.uploading : image ? messages.image.replace : messages.image.upload}
            <input
              id={id}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={busy}
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                setBusy(true);
                setError(null);
                const result = await upload(file);
                setBusy(false);
                if ('error' in result) setError(result.error);
                else {
                  setThumb((t) => ({ ...t, [result.image.src]: result.thumbnail }));
                  onChange(result.image);
                }
              }}
            />
          </label>
          {browse ? (
            <MediaPicker
              messages={messages}
              browse={browse}
              label={label}
              locale={locale}
              onPick={(item) => {
                setThumb((t) => ({ ...t, [item.src]: item.thumbnail }));
                onChange({ src: item.src, width: item.width, height: item.height, mediaId: item.id } satisfies ImageValue);
              }}
            />
          ) : null}
          {spec.type === 'image' && spec.nullable && image ? (
            <button type="button" className="ml-2 min-h-11 rounded-full px-4 font-semibold text-brand-800 hover:bg-brand-50" onClick={() => onChange(null)}>
              {messages.image.remove}
              <span className="sr-only">: {label}</span>
            </button>
          ) : null}
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            {fill(messages.image.hint, { mb: UPLOAD_MAX_MB })}
          </p>
        </div>
      </div>
      {own.length ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-danger">
          {own.join(' ')}
        </p>
      ) : null}
    </fieldset>
  );
}
