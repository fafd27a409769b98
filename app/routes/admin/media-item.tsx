import { useId, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/media-item';
import { adminLocale, requireStaffPage } from '#app/lib/admin.server.ts';
import { appContext } from '#app/lib/context.server.ts';
import { useAdminPlural, useAdminT } from '#app/lib/admin-i18n.tsx';
import { useApi } from '#app/lib/api.ts';
import { useHydrated } from '#app/lib/hydration.ts';
import { AdminTitle, Notice } from '#app/components/admin/shell.tsx';
import { ConfirmButton } from '#app/components/admin/confirm-dialog.tsx';
import { MEDIA_KINDS, type MediaItem, type MediaKind } from '#core/admin/media.ts';
import { UPLOAD_MAX_MB } from '#core/admin/fields.ts';
import { ADMIN_CONTENT_MESSAGES } from '#core/admin/messages.ts';
import { ApiError } from '#core/http/client.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import { withMediaLook, type MediaCrop } from '#core/image/media.ts';
import { buildImageSet } from '#core/image/image-set.ts';
import { buildImageUrl } from '#core/image/url.ts';

/** The frames the page previews a picture in: a card's (16:10) and a square, as the site's proxy cuts them. */
const FRAMES = [
  { key: 'previewWide', width: 720, height: 450 },
  { key: 'previewSquare', width: 320, height: 320 },
] as const;

/** `/admin/media/{id}`: a picture, its description (alt text in three languages), its crop and focus point, its file, where it is used. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'content');
  const { services, imageSigner } = context.get(appContext);
  const id = Number(params.id);
  const locale = adminLocale(request);
  const found = Number.isSafeInteger(id) && id > 0 ? await services.mediaLibrary.get(id) : null;
  if (!found) throw new Response(null, { status: 404 });
  const sign = imageSigner ? { sign: imageSigner } : {};
  const looked = withMediaLook({ src: found.src, width: found.width, height: found.height }, { crop: found.crop, focus: found.focus });
  return {
    item: { ...found, thumbnail: buildImageUrl(found.src, { width: 960, fit: 'fit', format: 'webp' }, sign) },
    // Each use with its kind of content in the member's language (never its code).
    uses: (await services.mediaLibrary.uses(found.id, locale)).map((use) => ({
      ...use,
      kindLabel: (ADMIN_CONTENT_MESSAGES[locale].kinds as Record<string, string>)[use.kind] ?? use.kind,
    })),
    // The saved look as the site shows it: the proxy's own cuts, signed as the site's are.
    previews: FRAMES.map(({ key, width, height }) => ({
      key,
      src: buildImageSet({ src: looked.src, width, height, crop: looked.crop, position: looked.focus }, { webp: true, macOS: false }, sign).src,
    })),
  };
}

/** The notice of each step, by the navigation state it leaves. */
const DONE = { uploaded: 'media.uploaded', saved: 'media.item.saved', replaced: 'media.item.replaced' } as const;

type Draft = Pick<MediaItem, 'kind' | 'fileName' | 'alt' | 'focus' | 'crop'>;
type Errors = Record<string, string[]>;

export default function AdminMediaItem({ loaderData }: Route.ComponentProps) {
  // A new picture's page starts anew (the state of the last one must not carry over).
  return <MediaEditor key={`${loaderData.item.id}:${loaderData.item.updatedAt}`} loaderData={loaderData} />;
}

function MediaEditor({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const { item, uses, previews } = loaderData;
  const t = useAdminT();
  const plural = useAdminPlural();
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [draft, setDraft] = useState<Draft>({ kind: item.kind, fileName: item.fileName, alt: item.alt, focus: item.focus, crop: item.crop });
  const [errors, setErrors] = useState<Errors>({});
  // What the last step did, carried over the page's reload by the navigation's state (the page is made anew each time).
  const done = (location.state as { done?: 'uploaded' | 'saved' | 'replaced' } | null)?.done;
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(done ? { tone: 'ok', text: t(DONE[done]) } : null);
  const [busy, setBusy] = useState<'save' | 'replace' | null>(null);
  const base = `/api/admin/media/${item.id}/`;

  function failure(error: unknown) {
    if (!(error instanceof ApiError)) throw error;
    const data = (error.data ?? {}) as { detail?: string; errors?: Errors };
    setErrors(data.errors ?? {});
    setNotice({ tone: 'error', text: data.detail ?? error.message });
  }

  async function save() {
    setBusy('save');
    setNotice(null);
    setErrors({});
    try {
      await api<MediaItem>(base, { method: 'PUT', body: { ...draft, stamp: item.updatedAt } });
      await navigate('.', { replace: true, state: { done: 'saved' } });
    } catch (error) {
      failure(error);
    } finally {
      setBusy(null);
    }
  }

  async function replace(file: File) {
    setBusy('replace');
    setNotice(null);
    try {
      await api<MediaItem>(`${base}file/`, { method: 'PUT', body: file, headers: { 'content-type': file.type }, query: { name: file.name } });
      await navigate('.', { replace: true, state: { done: 'replaced' } });
    } catch (error) {
      failure(error);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setNotice(null);
    try {
      await api<MediaItem>(base, { method: 'DELETE' });
      await navigate('/admin/media', { state: { deleted: item.fileName } });
    } catch (error) {
      failure(error);
    }
  }

  /** A click on the picture puts the focus point there. */
  function pointAt(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    const y = Math.min(1, Math.max(0, (event.clientY - box.top) / box.height));
    setDraft((d) => ({ ...d, focus: { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 } }));
  }

  // The crop and the focus point are drawn over the picture once the page runs: the site's CSP refuses style attributes
  // in the server's HTML, and the back office needs JavaScript anyway.
  const drawn = useHydrated();
  const error = (name: string) => Object.entries(errors).flatMap(([k, v]) => (k === name || k.startsWith(`${name}.`) ? v : []));
  const crop = draft.crop;
  return (
    <section>
      <p className="mb-2">
        <Link to="/admin/media" className="font-semibold text-brand-800 underline">
          {t('media.item.back')}
        </Link>
      </p>
      <AdminTitle>{item.fileName}</AdminTitle>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <div className="grid gap-8 lg:grid-cols-2">
        <div>
          <div className="relative">
            {/* The picture itself is the focus point's target: a click there sets it (the numbers below do the same). */}
            <button type="button" onClick={pointAt} className="relative block w-full" aria-label={t('media.item.focusPick')}>
              <img src={item.thumbnail} alt={item.alt.ru} width={item.width} height={item.height} className="h-auto w-full rounded-xl border border-line" />
              {drawn && crop ? (
                <span
                  aria-hidden="true"
                  className="absolute border-2 border-dashed border-white bg-white/35 ring-2 ring-brand-700"
                  style={{ left: `${crop.x * 100}%`, top: `${crop.y * 100}%`, width: `${crop.width * 100}%`, height: `${crop.height * 100}%` }}
                />
              ) : null}
              {drawn && draft.focus ? (
                <span
                  aria-hidden="true"
                  className="absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-white bg-brand-700"
                  style={{ left: `${draft.focus.x * 100}%`, top: `${draft.focus.y * 100}%` }}
                />
              ) : null}
            </button>
          </div>
          <p className="mt-2 text-sm text-muted">
            {t('media.item.size', { width: item.width, height: item.height })} · {t('media.item.version', { version: item.version })}
          </p>
          <h2 className="mt-6 text-lg font-bold">{t('media.item.previewTitle')}</h2>
          <ul className="mt-3 flex flex-wrap gap-4">
            {previews.map((preview) => (
              <li key={preview.key}>
                <figure>
                  <img
                    src={preview.src}
                    alt={t('media.item.previewAlt', { frame: t(`media.item.${preview.key}`) })}
                    className={`h-40 rounded-lg border border-line ${preview.key === 'previewWide' ? 'aspect-[16/10]' : 'aspect-[4/3]'}`}
                  />
                  <figcaption className="mt-1 text-sm text-muted">{t(`media.item.${preview.key}`)}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
        <form
          noValidate
          className="space-y-6"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div>
            <label htmlFor={`${id}-kind`} className="block text-sm font-semibold">
              {t('media.kind')}
            </label>
            <select
              id={`${id}-kind`}
              value={draft.kind}
              onChange={(e) => setDraft({ ...draft, kind: e.target.value as MediaKind })}
              className="mt-1 w-full rounded-lg border border-line bg-white px-3 py-2"
            >
              {MEDIA_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`media.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <TextInput
            id={`${id}-name`}
            label={t('media.item.fileName')}
            value={draft.fileName}
            errors={error('fileName')}
            onChange={(fileName) => setDraft({ ...draft, fileName })}
          />
          <fieldset>
            <legend className="text-sm font-semibold">{t('media.item.alt')}</legend>
            <p className="text-sm text-muted">{t('media.item.altHint')}</p>
            {LOCALES.map((lang) => (
              <TextInput
                key={lang}
                id={`${id}-alt-${lang}`}
                label={LANGUAGES[lang]}
                lang={lang}
                value={draft.alt[lang]}
                errors={error(`alt.${lang}`)}
                onChange={(text) => setDraft({ ...draft, alt: { ...draft.alt, [lang]: text } })}
              />
            ))}
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold">{t('media.item.focus')}</legend>
            <p className="text-sm text-muted">{t('media.item.focusHint')}</p>
            <Toggle
              id={`${id}-focus-on`}
              label={t('media.item.focusOn')}
              on={draft.focus !== null}
              onChange={(on) => setDraft({ ...draft, focus: on ? { x: 0.5, y: 0.5 } : null })}
            />
            {draft.focus ? (
              <div className="grid grid-cols-2 gap-3">
                <Fraction
                  id={`${id}-fx`}
                  label={t('media.item.focusX')}
                  value={draft.focus.x}
                  errors={error('focus.x')}
                  onChange={(x) => setDraft({ ...draft, focus: { ...draft.focus!, x } })}
                />
                <Fraction
                  id={`${id}-fy`}
                  label={t('media.item.focusY')}
                  value={draft.focus.y}
                  errors={error('focus.y')}
                  onChange={(y) => setDraft({ ...draft, focus: { ...draft.focus!, y } })}
                />
              </div>
            ) : null}
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold">{t('media.item.crop')}</legend>
            <p className="text-sm text-muted">{t('media.item.cropHint')}</p>
            <Toggle
              id={`${id}-crop-on`}
              label={t('media.item.cropOn')}
              on={crop !== null}
              onChange={(on) => setDraft({ ...draft, crop: on ? { x: 0.1, y: 0.1, width: 0.8, height: 0.8 } : null })}
            />
            {crop ? (
              <div className="grid grid-cols-2 gap-3">
                {(
                  [
                    ['x', 'cropX'],
                    ['y', 'cropY'],
                    ['width', 'cropWidth'],
                    ['height', 'cropHeight'],
                  ] as const
                ).map(([part, label]) => (
                  <Fraction
                    key={part}
                    id={`${id}-crop-${part}`}
                    label={t(`media.item.${label}`)}
                    value={crop[part]}
                    errors={error(`crop.${part}`)}
                    onChange={(n) => setDraft({ ...draft, crop: { ...crop, [part]: n } as MediaCrop })}
                  />
                ))}
              </div>
            ) : null}
            {error('crop').length ? <p className="mt-1 text-sm font-semibold text-danger">{error('crop').join(' ')}</p> : null}
          </fieldset>
          <button
            type="submit"
            disabled={busy !== null}
            className="min-h-11 rounded-full bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-50"
          >
            {busy === 'save' ? t('media.item.saving') : t('media.item.save')}
          </button>
        </form>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby={`${id}-uses`}>
          <h2 id={`${id}-uses`} className="text-lg font-bold">
            {t('media.item.uses')}
          </h2>
          {uses.length === 0 ? (
            <p className="mt-2">{t('media.item.usesNone')}</p>
          ) : (
            <>
              <p className="mt-2 text-sm text-muted">{plural('media.item.usesCount', uses.length)}</p>
              <ul className="mt-2 list-disc pl-5">
                {uses.map((use) => (
                  <li key={`${use.kind}:${use.id}:${use.field}`}>
                    <Link to={use.href} className="text-brand-800 underline">
                      {use.title}
                    </Link>{' '}
                    <span className="text-sm text-muted">({use.kindLabel})</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <section aria-labelledby={`${id}-file`}>
          <h2 id={`${id}-file`} className="text-lg font-bold">
            {t('media.item.file')}
          </h2>
          <p className="mt-2 text-sm text-muted">{t('media.item.replaceHint')}</p>
          <label className="mt-3 inline-flex min-h-11 cursor-pointer items-center rounded-full border border-brand-700 px-5 font-semibold text-brand-800 focus-within:outline-2 focus-within:outline-brand-500 hover:bg-brand-50">
            {busy === 'replace' ? t('media.item.replacing') : t('media.item.replace')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={busy !== null}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void replace(file);
              }}
            />
          </label>
          <p className="mt-1 text-sm text-muted">{t('media.hint', { mb: UPLOAD_MAX_MB })}</p>
          <div className="mt-6">
            <ConfirmButton
              label={t('media.item.delete')}
              className="min-h-11 rounded-full border border-danger px-5 font-semibold text-danger hover:bg-red-50"
              disabled={busy !== null}
              title={{ id: `${id}-delete`, text: t('media.item.deleteTitle', { name: item.fileName }) }}
              text={t('media.item.deleteText')}
              cancel={t('media.item.deleteCancel')}
              confirm={t('media.item.deleteConfirm')}
              tone="danger"
              onConfirm={remove}
            />
          </div>
        </section>
      </div>
    </section>
  );
}

/** The languages in their own words, as the content form names them. */
const LANGUAGES = { ru: 'Русский', en: 'English', zh: '中文' } as const;

function TextInput({
  id,
  label,
  value,
  errors,
  lang,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  errors: string[];
  lang?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        lang={lang}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? `${id}-error` : undefined}
        className="mt-1 w-full rounded-lg border border-line bg-white px-3 py-2 aria-invalid:border-danger"
      />
      {errors.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

function Fraction({ id, label, value, errors, onChange }: { id: string; label: string; value: number; errors: string[]; onChange: (value: number) => void }) {
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="number"
        min={0}
        max={1}
        step={0.01}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? `${id}-error` : undefined}
        className="mt-1 w-full rounded-lg border border-line bg-white px-3 py-2 aria-invalid:border-danger"
      />
      {errors.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-danger">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

function Toggle({ id, label, on, onChange }: { id: string; label: string; on: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="mt-2 flex items-center gap-2">
      <input id={id} type="checkbox" className="size-5" checked={on} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
