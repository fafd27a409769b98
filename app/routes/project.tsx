import { Link } from 'react-router';
import type { Route } from './+types/project';
import type { ProjectDetail } from '#core/catalogue/types.ts';
import { CompareSlider } from '#app/components/catalogue/compare-slider.tsx';
import { completionText } from '#app/components/catalogue/completion.ts';
import { useCatalogueFormat } from '#app/components/catalogue/format.ts';
import { GenplanMap } from '#app/components/catalogue/genplan.tsx';
import { Indicators } from '#app/components/catalogue/indicators.tsx';
import { LotCard } from '#app/components/catalogue/lot-card.tsx';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { RequestButton } from '#app/components/catalogue/request-button.tsx';
import { filterQuery, keepProjectAddress, projectRoute, requestLocale, requestSelection } from '#app/loaders/route-params.ts';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { PresaleForm } from '#app/components/forms/presale-form.tsx';
import { SubscriptionBlock } from '#app/components/forms/subscription-block.tsx';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { apartmentComplex, JsonLd, useAbsoluteUrl } from '#app/components/seo/json-ld.tsx';
import { ButtonLink, buttonClass } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { Image } from '#app/components/ui/image.tsx';
import { translate, useLocalePath, useT, type MessageKey } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { formatPhone, telHref } from '#core/phone.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';

const LOTS_SHOWN = 8;

export function meta(args: Route.MetaArgs) {
  const project = args.loaderData?.project;
  const messages = metaMessages(args.matches);
  if (!project || !messages) return pageMeta(args, {});
  return pageMeta(args, {
    title: project.name,
    description: translate(messages, 'catalogue.project.metaDescription', { name: project.name, tagline: project.tagline, address: project.address }),
  });
}

/** `/projects/{id}` and `/shared-projects/{sharedProjectsId}`: the project page, with a first page of its lots. */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const { projectId, scope } = projectRoute(url, params);
  const catalogue = catalogueService(context);
  const locale = requestLocale(url);
  const project = await catalogue.project(projectId, locale, scope);
  if (!project) pageNotFound();
  keepProjectAddress(url, project);
  // Flats first: they are what most visitors come for; a project without them shows what it has.
  const type = (project.lotsLeftByType.flat ?? 0) > 0 ? { type: ['flat' as const] } : {};
  const lots = await catalogue.filter({ project: [project.id], ...type, ordering: 'price', limit: LOTS_SHOWN }, locale);
  const sign = pictureSigner(context, request);
  return {
    project: {
      ...project,
      image: sign(project.image, 'projectHero'),
      gallery: project.gallery.map((picture) => sign(picture, 'projectGallery')),
      progress: project.progress.map((report) => ({ ...report, photos: report.photos.map((photo) => sign(photo, 'progressPhoto')) })),
      genplan: { ...project.genplan, image: sign(project.genplan.image, 'genplan') },
      renderVsPhoto: project.renderVsPhoto && {
        render: sign(project.renderVsPhoto.render, 'compareSlider'),
        photo: sign(project.renderVsPhoto.photo, 'compareSlider'),
      },
    },
    lots: { ...lots, results: lots.results.map((lot) => ({ ...lot, plan: sign(lot.plan, 'lotCard') })) },
    selectionIds: requestSelection(request),
  };
}

type Block = { id: string; label: MessageKey; shown: boolean };

function blocks(project: ProjectDetail): Block[] {
  return [
    { id: 'indicators', label: 'catalogue.project.indicators', shown: project.indicators.length > 0 },
    { id: 'about', label: 'catalogue.project.about', shown: project.about.length > 0 || project.advantages.length > 0 },
    { id: 'render-vs-photo', label: 'catalogue.project.renderVsPhoto', shown: project.renderVsPhoto !== null },
    { id: 'genplan', label: 'catalogue.project.genplan', shown: project.genplan.buildings.length > 0 },
    { id: 'lots', label: 'catalogue.project.lots', shown: true },
    { id: 'infrastructure', label: 'catalogue.project.infrastructure', shown: project.infrastructure.length > 0 },
    { id: 'gallery', label: 'catalogue.project.gallery', shown: project.gallery.length > 0 },
    { id: 'progress', label: 'catalogue.project.progress', shown: project.progress.length > 0 },
    { id: 'purchase', label: 'catalogue.project.purchase', shown: project.purchaseInfo.length > 0 },
    { id: 'offices', label: 'catalogue.project.offices', shown: project.offices.length > 0 },
  ];
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project, lots } = loaderData;
  const t = useT();
  // A place's kind under its name, unless the name says it already («Школа», not «Школа — Школа»).
  const kindNote = (place: { kind: string; name: string }) => {
    if (!isInfraKind(place.kind)) return null;
    const kind = t(`catalogue.infraKind.${place.kind}`);
    return place.name.toLocaleLowerCase().includes(kind.toLocaleLowerCase()) ? null : kind;
  };
  const lp = useLocalePath();
  const format = useCatalogueFormat();
  const nav = blocks(project).filter((block) => block.shown);
  // A project whose sales have not started tells one story: «Скоро в продаже», no count, no link to an empty filter, the interest form.
  const presale = project.status === 'presale';
  const filterHref = lp('/filter') + filterQuery({ project: [project.id] });
  const absolute = useAbsoluteUrl();

  return (
    <>
      <JsonLd data={apartmentComplex(project, absolute(project.url))} />
      <div className="container-page pt-6 sm:pt-8">
        <Breadcrumbs items={[{ label: t('catalogue.projects.title'), to: '/projects' }, { label: project.name }]} />
      </div>
      <section aria-labelledby="project-title" className="container-page pt-5">
        <div className="relative overflow-hidden rounded-3xl bg-brand-900 text-white">
          <Image picture={project.image} usage="projectHero" alt={project.image.alt} priority className="aspect-[16/10] sm:aspect-[16/9] lg:aspect-[17/8]" />
          {/* On phones the text sits under the picture: over a pale sky it would not read. */}
          <div aria-hidden="true" className="absolute inset-0 hidden bg-gradient-to-t from-brand-900 via-brand-900/55 to-brand-900/0 sm:block" />
          <div className="p-6 sm:absolute sm:inset-x-0 sm:bottom-0 sm:p-10 lg:p-14">
            <p className="flex flex-wrap gap-2 text-sm font-semibold">
              <span className="rounded-full bg-white px-3 py-1 text-brand-900">{t(`catalogue.projectStatus.${project.status}`)}</span>
              {project.shared ? <span className="rounded-full bg-accent-100 px-3 py-1 text-accent-800">{t('catalogue.shared.badge')}</span> : null}
            </p>
            <h1 id="project-title" className="mt-4 max-w-4xl text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl">
              {project.name}
            </h1>
            <p className="mt-3 max-w-2xl text-lg text-pretty text-brand-100 sm:text-xl">{project.tagline}</p>
            <dl className="mt-6 grid max-w-3xl grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4 sm:text-base">
              <HeroFigure label={t('catalogue.project.address')} value={project.district} />
              {/* The short form under its label: the project's own completion phrase repeats the label ("Completion: Q4 2027"). */}
              <HeroFigure label={t('catalogue.project.completion')} value={completionText(project.completion, t)} />
              <HeroFigure label={t('catalogue.project.priceFrom')} value={project.minPrice !== null ? format.from(project.minPrice) : '—'} />
              <HeroFigure label={t('catalogue.project.onSale')} value={format.availability(project.lotsLeft, presale, 'catalogue.plural.lots')} />
            </dl>
            <div className="mt-8 flex flex-wrap gap-3">
              {presale ? (
                <ButtonLink to="#presale-title" variant="inverse" size="lg">
                  {t('forms.titles.presale')}
                  <Icon name="arrow-right" />
                </ButtonLink>
              ) : project.lotsLeft > 0 ? (
                <ButtonLink to={project.genplan.buildings.length ? '#genplan' : filterHref} variant="inverse" size="lg">
                  {t('catalogue.project.chooseLot')}
                  <Icon name="arrow-right" />
                </ButtonLink>
              ) : null}
              {project.presentationUrl ? (
                <a href={project.presentationUrl} download className={buttonClass('ghost', 'lg', 'text-white ring-1 ring-white/50 hover:bg-white/10')}>
                  <Icon name="download" />
                  {t('catalogue.project.presentation')}
                  <span className="text-sm font-normal text-white/70">{t('catalogue.project.presentationHint')}</span>
                </a>
              ) : null}
              <RequestButton variant="ghost" projectId={project.id} className="text-white ring-1 ring-white/50 hover:bg-white/10">
                {t('catalogue.project.request')}
              </RequestButton>
            </div>
          </div>
        </div>
        {/* The hero's text is anchored to the picture's bottom: painted half-arrived (a slow network streams the
            page in pieces) it would grow upwards and move. The browser holds the first paint until this mark is
            parsed (render-blocking `expect` link), so the hero is painted whole. */}
        <span id="hero-end" hidden />
        <link rel="expect" href="#hero-end" blocking="render" />
      </section>

      <nav aria-label={t('catalogue.project.nav')} className="sticky top-16 z-30 mt-6 border-y border-line bg-paper/95 backdrop-blur lg:top-20">
        <ul className="container-page flex gap-1 overflow-x-auto py-2 [scrollbar-width:none]">
          {nav.map((block) => (
            <li key={block.id} className="shrink-0">
              <a
                href={`#${block.id}`}
                className="inline-flex min-h-10 items-center rounded-full px-3.5 text-sm font-semibold whitespace-nowrap text-ink/80 hover:bg-brand-50 hover:text-ink"
              >
                {t(block.label)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {project.indicators.length ? (
        <Section id="indicators" title={t('catalogue.project.indicators')}>
          <Indicators items={project.indicators} />
        </Section>
      ) : null}

      {project.about.length || project.advantages.length ? (
        <Section id="about" title={t('catalogue.project.about')}>
          <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
            <div className="space-y-4 text-lg leading-relaxed text-pretty">
              <p className="text-xl font-semibold text-brand-800">{project.description}</p>
              {project.about.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            {project.advantages.length ? (
              <div>
                <h3 className="sr-only">{t('catalogue.project.advantages')}</h3>
                <ul className="grid gap-4 sm:grid-cols-2">
                  {project.advantages.map((advantage, index) => (
                    <li key={advantage.title} className="rounded-3xl bg-white p-6 ring-1 ring-line">
                      <span className="flex size-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                        <Icon name={ADVANTAGE_ICONS[index % ADVANTAGE_ICONS.length]!} className="size-6" />
                      </span>
                      <h4 className="mt-4 text-lg font-bold">{advantage.title}</h4>
                      <p className="mt-1.5 text-muted">{advantage.description}</p>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        </Section>
      ) : null}

      {project.renderVsPhoto ? (
        <Section id="render-vs-photo" title={t('catalogue.project.renderVsPhoto')}>
          <p className="-mt-3 mb-6 max-w-2xl text-lg text-muted">{t('catalogue.project.renderVsPhotoLead')}</p>
          <CompareSlider render={project.renderVsPhoto.render} photo={project.renderVsPhoto.photo} />
        </Section>
      ) : null}

      {project.genplan.buildings.length ? (
        <Section id="genplan" title={t('catalogue.project.genplan')}>
          <p className="-mt-3 mb-6 max-w-2xl text-lg text-muted">{t('catalogue.project.genplanLead')}</p>
          <GenplanMap genplan={project.genplan} presale={presale} />
        </Section>
      ) : null}

      <Section
        id="lots"
        title={t('catalogue.project.lots')}
        action={
          project.lotsLeft > 0 ? (
            <ButtonLink to={filterHref} variant="secondary">
              {t('catalogue.project.lotsAll')} <span className="tabular-nums">{format.number(project.lotsLeft)}</span>
            </ButtonLink>
          ) : null
        }
      >
        {presale ? (
          <section aria-labelledby="presale-title" className="rounded-3xl bg-white p-6 ring-1 ring-line sm:p-10">
            <h3 id="presale-title" className="text-2xl font-bold tracking-tight">
              {t('forms.titles.presale')}
            </h3>
            <p className="mt-2 mb-6 max-w-2xl text-lg text-muted">{t('forms.intros.presale')}</p>
            <PresaleForm projects={[]} project={Number(project.id)} />
          </section>
        ) : lots.results.length ? (
          <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-4">
            {lots.results.map((lot) => (
              <li key={lot.id} className="w-[80%] shrink-0 snap-start sm:w-auto">
                <LotCard lot={lot} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-start gap-4 rounded-3xl bg-white p-8 ring-1 ring-line sm:flex-row sm:items-center sm:justify-between">
            <p className="text-lg">{t('catalogue.project.lotsEmpty')}</p>
            <RequestButton size="md" projectId={project.id}>
              {t('catalogue.project.request')}
            </RequestButton>
          </div>
        )}
      </Section>

      {project.infrastructure.length ? (
        <Section id="infrastructure" title={t('catalogue.project.infrastructure')}>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {project.infrastructure.map((place) => (
              <li key={`${place.kind}-${place.name}`} className="flex items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-line">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={infrastructureIcon(place.kind)} className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{place.name}</span>
                  {kindNote(place) ? <span className="block text-sm text-muted">{kindNote(place)}</span> : null}
                </span>
                <span className="shrink-0 text-sm font-semibold text-brand-800 tabular-nums">{place.distance}</span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {project.gallery.length ? (
        <Section id="gallery" title={t('catalogue.project.gallery')}>
          <ul
            // A scrolling strip must be reachable from the keyboard: it takes focus and scrolls with the arrow keys.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:px-0"
            aria-label={t('catalogue.project.gallery')}
          >
            {project.gallery.map((picture, index) => (
              <li key={picture.src} className="w-[85%] shrink-0 snap-start sm:w-[46%] lg:w-[31%]">
                <figure>
                  <Image picture={picture} usage="projectGallery" alt={picture.alt} className="aspect-[32/21] rounded-3xl" />
                  <figcaption className="mt-2 text-sm text-muted">
                    {t('catalogue.project.galleryPhoto', { index: index + 1, count: project.gallery.length })}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {project.progress.length ? (
        <Section id="progress" title={t('catalogue.project.progress')}>
          <div className="space-y-3">
            {project.progress.map((report, index) => (
              <details key={report.month} open={index === 0} className="group rounded-3xl bg-white ring-1 ring-line">
                <summary className="flex min-h-16 cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 [&::-webkit-details-marker]:hidden">
                  <span>
                    <span className="block text-lg font-bold first-letter:uppercase">{format.month(report.month)}</span>
                    {index === 0 ? <span className="text-sm font-semibold text-brand-700">{t('catalogue.project.progressLatest')}</span> : null}
                  </span>
                  <Icon name="chevron-down" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
                </summary>
                <div className="px-6 pb-6">
                  <p className="max-w-3xl text-muted">{report.text}</p>
                  {report.photos.length ? (
                    <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
                      {report.photos.map((photo) => (
                        <li key={photo.src}>
                          <Image picture={photo} usage="progressPhoto" alt={photo.alt} className="aspect-[32/22] rounded-2xl" />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </details>
            ))}
          </div>
        </Section>
      ) : null}

      {project.purchaseInfo.length ? (
        <Section id="purchase" title={t('catalogue.project.purchase')}>
          <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
            {project.purchaseInfo.map((item) => (
              <li key={item.method} className="flex flex-col rounded-3xl bg-white p-6 ring-1 ring-line">
                <span className="flex size-11 items-center justify-center rounded-2xl bg-sand text-accent-800">
                  <Icon name={purchaseIcon(item.method)} className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-bold">{item.title}</h3>
                <p className="mt-1.5 text-muted">{item.text}</p>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {project.offices.length ? (
        <Section id="offices" title={t('catalogue.project.offices')}>
          <ul className="grid gap-4 md:grid-cols-2">
            {project.offices.map((office) => (
              <li key={office.id} className="rounded-3xl bg-white p-6 ring-1 ring-line sm:p-8">
                <h3 className="text-xl font-bold">{office.name}</h3>
                <p className="mt-3 flex items-start gap-2">
                  <Icon name="map-pin" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  {office.address}
                </p>
                <p className="mt-2 flex items-start gap-2 text-muted">
                  <Icon name="clock" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  {office.hours}
                </p>
                <div className="mt-5 flex flex-wrap gap-3">
                  <a href={telHref(office.phone)} className={buttonClass('primary', 'md')}>
                    <Icon name="phone" />
                    {formatPhone(office.phone)}
                  </a>
                  <a
                    href={`https://yandex.ru/maps/?pt=${office.lng},${office.lat}&z=16&l=map`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClass('secondary', 'md')}
                  >
                    {t('catalogue.project.officeMap')}
                    <Icon name="external" className="size-4" />
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <section className="container-page pt-4 pb-10 sm:pb-14">
        <div className="flex flex-col gap-6 rounded-3xl bg-brand-800 p-8 text-white sm:p-12 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('catalogue.project.ctaTitle')}</h2>
            <p className="mt-3 text-lg text-brand-100">{t('catalogue.project.ctaText')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <RequestButton variant="inverse" projectId={project.id}>
              {t('catalogue.project.request')}
            </RequestButton>
            {project.lotsLeft > 0 ? (
              <Link to={filterHref} className={buttonClass('ghost', 'lg', 'text-white ring-1 ring-white/40 hover:bg-white/10')}>
                {t('catalogue.project.lotsAll')}
              </Link>
            ) : null}
          </div>
        </div>
      </section>
      <SubscriptionBlock />
    </>
  );
}

function HeroFigure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-brand-100/90">{label}</dt>
      <dd className="font-bold tabular-nums">{value}</dd>
    </div>
  );
}

const ADVANTAGE_ICONS: IconName[] = ['tree', 'family', 'car', 'building', 'map-pin', 'percent'];

const INFRA_ICONS = {
  metro: 'compass',
  school: 'school',
  kindergarten: 'family',
  park: 'tree',
  clinic: 'plus',
  shop: 'building',
  sport: 'map-pin',
} as const satisfies Record<string, IconName>;

function isInfraKind(kind: string): kind is keyof typeof INFRA_ICONS {
  return Object.hasOwn(INFRA_ICONS, kind);
}

function infrastructureIcon(kind: string): IconName {
  return isInfraKind(kind) ? INFRA_ICONS[kind] : 'map-pin';
}

/** Each way to buy its own picture: a mortgage, instalments, paying in full and a trade-in are not one thing. */
function purchaseIcon(method: string): IconName {
  if (method.includes('mortgage')) return 'percent';
  if (method === 'installment') return 'calendar';
  if (method === 'full_payment') return 'wallet';
  if (method === 'trade_in') return 'swap';
  return 'key';
}
