import { useState } from 'react';
import { Form, Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/media';
import { adminLocale, requireStaffPage } from '#app/lib/admin.server.ts';
import { appContext } from '#app/lib/context.server.ts';
import { useAdminLocale, useAdminPlural, useAdminT } from '#app/lib/admin-i18n.tsx';
import { useApi } from '#app/lib/api.ts';
import { AdminTitle, Notice } from '#app/components/admin/shell.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { SelectField, TextField } from '#app/components/ui/field.tsx';
import { MEDIA_KINDS, mediaAlt, mediaQuery, type MediaItem } from '#core/admin/media.ts';
import { UPLOAD_MAX_MB } from '#core/admin/fields.ts';
import { ApiError } from '#core/http/client.ts';
import { buildImageUrl } from '#core/image/url.ts';

const PAGE = 24;

/** `/admin/media`: the media library, newest first, found by words in a file name or an alt text and by kind. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'content');
  const { services, imageSigner } = context.get(appContext);
  const url = new URL(request.url);
  const parsed = mediaQuery.safeParse({
    q: url.searchParams.get('q') || undefined,
    kind: url.searchParams.get('kind') || undefined,
    limit: PAGE,
    offset: url.searchParams.get('offset') ?? 0,
  });
  const query = parsed.success ? parsed.data : mediaQuery.parse({ limit: PAGE });
  const { count, results } = await services.mediaLibrary.list(query);
  // A logo is shown whole (a card's 4:3 cut took the top and bottom of a square mark); other pictures fill the card.
  const thumbnail = (src: string, kind: string) =>
    buildImageUrl(src, { width: 480, height: 360, fit: kind === 'logo' ? 'fit' : 'fill', format: 'webp' }, imageSigner ? { sign: imageSigner } : {});
  return { locale: adminLocale(request), count, offset: query.offset, items: results.map((item) => ({ ...item, thumbnail: thumbnail(item.src, item.kind) })) };
}

export default function AdminMedia({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const plural = useAdminPlural();
  const [params] = useSearchParams();
  const { count, offset, items } = loaderData;
  const deleted = (useLocation().state as { deleted?: string } | null)?.deleted;
  const page = (to: number) => {
    const next = new URLSearchParams(params);
    if (to > 0) next.set('offset', String(to));
    else next.delete('offset');
    return `?${next.toString()}`;
  };
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <AdminTitle>{t('media.title')}</AdminTitle>
        <UploadButton />
      </div>
      {deleted ? <Notice tone="ok">{t('media.item.deleted', { name: deleted })}</Notice> : null}
      <Form method="get" role="search" aria-label={t('media.title')} className="mb-6 grid max-w-3xl gap-4 sm:grid-cols-3 sm:items-end">
        <TextField label={t('media.searchLabel')} name="q" type="search" defaultValue={params.get('q') ?? ''} />
        <SelectField
          label={t('media.kind')}
          name="kind"
          placeholder={t('media.anyKind')}
          defaultValue={params.get('kind') ?? ''}
          options={MEDIA_KINDS.map((kind) => ({ value: kind, label: t(`media.kinds.${kind}`) }))}
        />
        <Button type="submit">{t('media.apply')}</Button>
      </Form>
      <p role="status" className="mb-4 text-sm text-muted">
        {plural('media.count', count)}
      </p>
      {items.length === 0 ? (
        <p>{t('media.empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.id}>
              <MediaCard item={item} />
            </li>
          ))}
        </ul>
      )}
      {count > PAGE ? (
        <nav aria-label={t('media.title')} className="mt-6 flex gap-3">
          {offset > 0 ? (
            <Link to={page(Math.max(0, offset - PAGE))} className="font-semibold text-brand-800 underline">
              {t('media.previous')}
            </Link>
          ) : null}
          {offset + PAGE < count ? (
            <Link to={page(offset + PAGE)} className="font-semibold text-brand-800 underline">
              {t('media.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function MediaCard({ item }: { item: MediaItem }) {
  const t = useAdminT();
  const locale = useAdminLocale();
  const alt = mediaAlt(item.alt, locale);
  return (
    <Link
      to={`/admin/media/${item.id}`}
      className="block rounded-xl border border-line bg-white p-2 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <img
        src={item.thumbnail}
        alt=""
        width={240}
        height={180}
        loading="lazy"
        className={`aspect-[4/3] w-full rounded-lg ${item.kind === 'logo' ? 'object-contain' : 'object-cover'}`}
      />
      <span className="mt-2 block truncate text-sm font-semibold">{item.fileName}</span>
      <span className="block text-xs text-muted">
        {t(`media.kinds.${item.kind}`)} · {t('media.item.size', { width: item.width, height: item.height })}
      </span>
      <span className={`block truncate text-xs ${alt ? '' : 'text-danger'}`}>{alt || t('media.noAlt')}</span>
    </Link>
  );
}

/** A new picture into the library; its page opens next, to describe it. */
function UploadButton() {
  const t = useAdminT();
  const api = useApi();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <label className="inline-flex min-h-11 cursor-pointer items-center rounded-full bg-brand-700 px-5 font-semibold text-white focus-within:outline-2 focus-within:outline-brand-500 hover:bg-brand-800">
        {busy ? t('media.uploading') : t('media.upload')}
        <input
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
            try {
              const created = await api<MediaItem>('/api/admin/media/', {
                method: 'POST',
                body: file,
                headers: { 'content-type': file.type },
                query: { name: file.name },
              });
              await navigate(`/admin/media/${created.id}`, { state: { done: 'uploaded' } });
            } catch (failure) {
              if (!(failure instanceof ApiError)) throw failure;
              setError(((failure.data ?? {}) as { detail?: string }).detail ?? failure.message);
            } finally {
              setBusy(false);
            }
          }}
        />
      </label>
      <p className="mt-1 text-sm text-muted">{t('media.hint', { mb: UPLOAD_MAX_MB })}</p>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </div>
  );
}
