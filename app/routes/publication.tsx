import { redirect } from 'react-router';
import type { Route } from './+types/publication';
import { PUBLICATION_SLUG_PATTERN } from '#core/content/publications.ts';
import { isId } from '#core/schemas/id.ts';
import { splitLocalePath } from '#core/i18n/routing.ts';
import { PresaleForm } from '#app/components/forms/presale-form.tsx';
import { RequestButton } from '#app/components/forms/request-form.tsx';
import { requestLocale } from '#app/loaders/route-params.ts';
import { RichText } from '#app/components/content/rich-text.tsx';
import { PreviewBanner } from '#app/components/content/preview-banner.tsx';
import { previewRow } from '#app/lib/preview.server.ts';
import { PublicationCard } from '#app/components/content/publication-card.tsx';
import { CardGrid } from '#app/components/catalogue/chip-filter.tsx';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { SectionHeading } from '#app/components/layout/section-heading.tsx';
import { article, JsonLd, LOGO_PATH, useAbsoluteUrl, usePictureUrl, useSiteOrigin } from '#app/components/seo/json-ld.tsx';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { appContext } from '#app/lib/context.server.ts';
import { pictureSigner, shareImage } from '#app/lib/images.server.ts';
import { useFormatters, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useRootData } from '#app/lib/root-data.ts';
import { pageNotFound, validateRoute } from '#app/lib/route-validate.ts';

export function meta(args: Route.MetaArgs) {
  const item = args.loaderData?.item;
  return pageMeta(args, {
    title: item?.title,
    description: item?.lead,
    noindex: item?.ended || Boolean(args.loaderData?.preview),
    image: args.loaderData?.shareImage,
  });
}

/**
 * `/promo/{id}` and `/news/{slug}`: one promotion or news item (spec §2 "same screen as a promotion item").
 * A promotion's request button carries the promotion, its project and the page, so the sales team knows
 * which offer the visitor asks about; an ended promotion keeps its page and says so.
 */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const kind = splitLocalePath(url.pathname).path.startsWith('/promo') ? 'promo' : 'news';
  const key = (kind === 'promo' ? params.id : params.slug) ?? '';
  validateRoute(url, kind === 'promo' ? isId(key) || PUBLICATION_SLUG_PATTERN.test(key) : PUBLICATION_SLUG_PATTERN.test(key));
  // A member of staff's preview of a draft (issue #42): this page, made from the draft (server/http/preview.ts).
  const preview = await previewRow(context, request, [kind]);
  const item =
    preview && preview.row.kind === kind
      ? await services.publications.preview(preview.row, requestLocale(url))
      : await services.publications.item(kind, key, requestLocale(url));
  if (!item) pageNotFound();
  if (kind === 'promo' && key !== item.id && !preview) {
    // One address per promotion: its number. A slug (an old link) moves there for good.
    throw redirect(url.pathname.replace(/[^/]+$/, item.id) + url.search, 301);
  }
  const sign = pictureSigner(context, request);
  // News of a project whose sales have not started carries its waiting-list form, as the project page does.
  const presale = item.project ? (await services.catalogue.projectDirectory()).some((p) => String(p.id) === item.project!.id && p.presale) : false;
  return {
    // The publication's picture: what the page is shared with (`og:image`).
    shareImage: shareImage(context, item.image),
    presale,
    preview: preview?.banner ?? null,
    item: {
      ...item,
      image: sign(item.image, 'publication'),
      related: item.related.map((related) => ({ ...related, image: sign(related.image, 'card') })),
    },
  };
}

export default function Publication({ loaderData }: Route.ComponentProps) {
  const { item, presale, preview } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const format = useFormatters();
  const absolute = useAbsoluteUrl();
  const origin = useSiteOrigin();
  const pictureUrl = usePictureUrl();
  const companyName = useRootData()?.settings?.companyName ?? t('meta.siteName');
  const kind = item.kind === 'promo' ? 'promo' : 'news';
  const context = {
    project: item.project && /^\d+$/.test(item.project.id) ? Number(item.project.id) : null,
    promo: item.kind === 'promo' ? item.id : null,
  };
  return (
    <article className="pb-4">
      {preview ? <PreviewBanner banner={preview} /> : null}
      <JsonLd
        data={article(item, absolute(item.url), pictureUrl(item.image, 'publication'), { name: companyName, url: absolute('/'), logo: origin + LOGO_PATH })}
      />
      <div className="container-page pt-6 sm:pt-10">
        <Breadcrumbs items={[{ label: t(`${kind}.title`), to: `/${kind}` }, { label: item.title }]} />
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-12">
          <div>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
              {item.badge ? <span className="rounded-full bg-accent-800 px-3 py-1 font-bold text-white">{item.badge}</span> : null}
              <time dateTime={item.publishedAt}>{t('publications.published', { date: format.date(item.publishedAt) })}</time>
              {item.kind === 'promo' && item.endsAt && !item.ended ? (
                <time dateTime={item.endsAt} className="font-semibold text-brand-700">
                  {t('promo.until', { date: format.date(item.endsAt) })}
                </time>
              ) : null}
            </p>
            <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{item.title}</h1>
            <p className="mt-4 text-lg text-pretty text-muted sm:text-xl">{item.lead}</p>
            {item.ended && item.endsAt ? (
              <div role="note" className="mt-6 flex gap-3 rounded-2xl bg-accent-50 p-5 text-accent-800 ring-1 ring-accent-200">
                <Icon name="alert" className="mt-0.5 size-5 shrink-0" />
                <div>
                  <p className="font-bold">{t('promo.ended')}</p>
                  <p className="mt-1">{t('promo.endedText', { date: format.date(item.endsAt) })}</p>
                </div>
              </div>
            ) : null}
            <Image picture={item.image} usage="publication" alt={item.image.alt} priority className="mt-8 aspect-[16/9] rounded-3xl" />
            <div className="mt-8 max-w-3xl">
              <RichText html={item.body} />
            </div>
            {presale && context.project ? (
              <section aria-labelledby="presale-title" className="mt-10 max-w-3xl rounded-3xl bg-white p-6 ring-1 ring-line sm:p-10">
                <h2 id="presale-title" className="text-2xl font-bold tracking-tight">
                  {t('forms.titles.presale')}
                </h2>
                <p className="mt-2 mb-6 text-lg text-muted">{t('forms.intros.presale')}</p>
                <PresaleForm projects={[]} project={context.project} />
              </section>
            ) : null}
          </div>

          <aside className="lg:pt-2">
            <div className="flex flex-col gap-3 rounded-3xl bg-white p-6 ring-1 ring-line lg:sticky lg:top-28">
              {item.project ? (
                <p className="text-sm text-muted">
                  {t('publications.project')}: <span className="font-semibold text-ink">{item.project.name}</span>
                </p>
              ) : null}
              <RequestButton
                label={t(`${kind}.request`)}
                topic={item.kind === 'promo' ? 'promo' : 'consultation'}
                context={context}
                size="lg"
                className="w-full"
              />
              {item.filterQuery && !item.ended ? (
                <ButtonLink to={lp(`/filter?${item.filterQuery}`)} variant="secondary" size="lg" className="w-full">
                  {t('publications.showLots')}
                  <Icon name="arrow-right" />
                </ButtonLink>
              ) : null}
              {item.project ? (
                <ButtonLink to={lp(item.project.url)} variant="ghost" size="lg" className="w-full">
                  {t('publications.projectPage')}
                </ButtonLink>
              ) : null}
            </div>
          </aside>
        </div>
      </div>

      {item.related.length ? (
        <section aria-labelledby="related-title" className="home-section">
          <SectionHeading id="related-title" title={t(`${kind}.related`)} link={{ to: `/${kind}`, label: t(`${kind}.all`) }} />
          <CardGrid items={item.related} render={(related) => <PublicationCard item={related} headingLevel={3} />} />
        </section>
      ) : null}
    </article>
  );
}
