import { Link } from 'react-router';
import type { Route } from './+types/content-preview';
import { LOCALES, type Locale } from '#core/i18n/locales.ts';
import { pick } from '#core/schemas/localized.ts';
import { contentPage } from '#app/lib/admin-content.server.ts';
import { RichText } from '#app/components/content/rich-text.tsx';

type Localized = { ru: string; en: string; zh: string };

/**
 * `/admin/content/{kind}/{id}/preview?lang=…`: how a promotion, a news item or a slug page will read on the site,
 * published or not, in one of its languages. Only for staff who may edit content (the back office's pages are never cached or
 * indexed, ADR 025); the public pages never show an unpublished item.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { messages, kind, editor, thumbnail } = await contentPage(context, request, params.kind);
  if (!kind!.preview) throw new Response(null, { status: 404 });
  const item = await editor.get(kind!.name, params.id);
  if (!item) throw new Response(null, { status: 404 });
  const lang = new URL(request.url).searchParams.get('lang');
  const locale: Locale = (LOCALES as readonly string[]).includes(lang ?? '') ? (lang as Locale) : 'ru';
  const v = item.values;
  // A publication has a picture, a lead and a date; a slug page has its description instead.
  const image = v.image as { src: string; width: number; height: number } | undefined;
  return {
    messages,
    kind: kind!.name,
    id: item.id,
    locale,
    title: pick(v.title as Localized, locale),
    lead: pick((v.lead ?? v.description) as Localized, locale),
    badge: v.badge ? pick(v.badge as Localized, locale) : '',
    body: editor.richText(pick(v.body as Localized, locale)),
    publishedAt: typeof v.publishedAt === 'string' ? v.publishedAt : null,
    image: image ? { src: thumbnail(image.src, 1200), width: image.width, height: image.height } : null,
  };
}

export default function ContentPreview({ loaderData }: Route.ComponentProps) {
  const { messages, locale } = loaderData;
  return (
    <section>
      <title>{`${messages.preview.title}: ${loaderData.title}`}</title>
      <p role="note" className="rounded-xl bg-accent-100 p-4 font-semibold text-accent-900">
        {messages.preview.notice}
      </p>
      <nav aria-label={messages.preview.language} className="mt-4 flex flex-wrap gap-4">
        <Link to={`/admin/content/${loaderData.kind}/${loaderData.id}`} className="font-semibold text-brand-800 underline">
          {messages.list.edit}
        </Link>
        {LOCALES.map((l) => (
          <Link
            key={l}
            to={`?lang=${l}`}
            aria-current={l === locale ? 'page' : undefined}
            className="font-semibold text-brand-800 underline aria-[current=page]:no-underline"
          >
            {messages.languages[l]}
          </Link>
        ))}
      </nav>
      <article lang={locale} className="mt-8 max-w-3xl">
        {loaderData.badge || loaderData.publishedAt ? (
          <p className="flex gap-4 text-sm text-muted">
            {loaderData.badge ? <span className="rounded-full bg-accent-800 px-3 py-1 font-bold text-white">{loaderData.badge}</span> : null}
            {loaderData.publishedAt ? <time dateTime={loaderData.publishedAt}>{loaderData.publishedAt}</time> : null}
          </p>
        ) : null}
        <h1 className="mt-3 text-3xl font-bold tracking-tight">{loaderData.title}</h1>
        <p className="mt-4 text-lg text-ink/80">{loaderData.lead}</p>
        {loaderData.image ? (
          <img src={loaderData.image.src} alt="" width={loaderData.image.width} height={loaderData.image.height} className="mt-6 h-auto w-full rounded-2xl" />
        ) : null}
        <div className="mt-8">
          <RichText html={loaderData.body} />
        </div>
      </article>
    </section>
  );
}
