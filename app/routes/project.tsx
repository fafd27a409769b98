import type { Route } from './+types/project';
import { CompareSlider } from '#app/components/catalogue/compare-slider.tsx';
import { GenplanMap } from '#app/components/catalogue/genplan.tsx';
import { Section } from '#app/components/catalogue/page-header.tsx';
import { filterQuery, keepProjectAddress, projectRoute, requestLocale } from '#app/loaders/route-params.ts';
import { catalogueService } from '#app/loaders/catalogue.server.ts';
import { pictureSigner, shareImage } from '#app/lib/images.server.ts';
import { SubscriptionBlock } from '#app/components/forms/subscription-block.tsx';
import { Breadcrumbs } from '#app/components/layout/breadcrumbs.tsx';
import { BenefitsButton, BenefitsDialog } from '#app/components/project/benefits.tsx';
import { ProjectClosing } from '#app/components/project/closing.tsx';
import { ProjectGallery } from '#app/components/project/gallery.tsx';
import { ProjectHero } from '#app/components/project/hero.tsx';
import { ProjectLots } from '#app/components/project/lots.tsx';
import { ProjectNav, projectBlocks } from '#app/components/project/nav.tsx';
import { ProjectOffices } from '#app/components/project/offices.tsx';
import { financed, ProjectPurchase } from '#app/components/project/purchase.tsx';
import { CalculatorScope } from '#app/components/purchase/scope.tsx';
import { calculatorModel } from '#app/loaders/purchase.server.ts';
import { loadMessages, translate, useLocalePath, useT } from '#app/lib/i18n.tsx';
import { metaMessages, pageMeta } from '#app/lib/meta.ts';
import { pageNotFound } from '#app/lib/route-validate.ts';
import { appContext } from '#app/lib/context.server.ts';
import { bookingData } from '#app/loaders/booking.server.ts';
import { lotCardView } from '#core/catalogue/types.ts';
import { withReserveLinks } from '#app/loaders/reservation-offers.server.ts';
import { staticSections } from '#app/lib/static-part.tsx';
import { staticParts } from '#app/lib/static-part.server.ts';

const LOTS_SHOWN = 8;

/** Figures, texts, tables and links that do nothing in the browser (ADR 043): the server's HTML kept, their code loaded when rendered. */
const Static = staticSections('project', () => import('#app/components/project/static-sections.tsx').then((m) => m.sections));

export function meta(args: Route.MetaArgs) {
  const project = args.loaderData?.project;
  const messages = metaMessages(args.matches);
  if (!project || !messages) return pageMeta(args, {});
  return pageMeta(args, {
    title: project.name,
    description: translate(messages, 'catalogue.project.metaDescription', { name: project.name, tagline: project.tagline, address: project.address }),
    image: args.loaderData?.shareImage,
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
  // A project whose sales have not started has nothing to finance yet.
  const calculator = project.status === 'presale' ? null : await calculatorModel(context, url, locale, { project: project.id });
  const { services } = context.get(appContext);
  // The meeting form the offices' "book a meeting" opens, starting at the project's own office (listed last).
  const ownOffice = project.offices.at(-1);
  const [benefits, whyBenefits, booking, priceByMonth, listed] = await Promise.all([
    services.stories.benefits(locale, Number(project.id), 'page'),
    services.stories.benefits(locale, Number(project.id), 'popup'),
    // Free dates and times are live (no last good copy): without them "book a meeting" leads to the form's page.
    ownOffice ? bookingData(services, 'meeting', locale, { resource: String(ownOffice.id) }).catch(() => null) : null,
    // From the lots' history (a query per project, version and day): the page does without it when the database is down.
    catalogue.projectPriceByMonth(project.id).catch(() => null),
    // The lots whose page offers online reservation carry their card's link (issue #39): the lot page's own rule.
    withReserveLinks(context, lots.results, locale),
  ]);
  // What the page's static sections show (ADR 043) leaves the project's data: the browser keeps their HTML.
  const { indicators, about, description, infrastructure, progress, ...shown } = project;
  const catalog = await loadMessages(locale);
  return {
    shareImage: shareImage(context, project.image),
    calculator,
    // The dialog's list does not tell the project's own from the developer's (the benefits section does).
    whyBenefits: whyBenefits.map(({ project: _project, ...benefit }) => benefit),
    booking,
    // The in-page navigation's blocks, decided here: the sections it counts are not in the page's data.
    // Worded here: their words are those of sections whose code the page's first load does not carry.
    nav: projectBlocks(project, benefits.length)
      .filter((block) => block.shown)
      .map(({ id, label }) => ({ id, label: translate(catalog, label) })),
    project: {
      ...shown,
      image: sign(project.image, 'projectHero'),
      gallery: project.gallery.map((picture) => sign(picture, 'projectGallery')),
      // The offices' cards, without what they do not show here (their hours in words, their map points, their projects).
      offices: project.offices.map(({ hours: _hours, lat: _lat, lng: _lng, projects: _projects, ...office }) => ({
        ...office,
        photo: sign(office.photo, 'officePhoto'),
      })),
      // The ways to buy shown as cards: mortgages and instalments are the calculator's (ProjectPurchase).
      purchaseInfo: project.purchaseInfo.filter((item) => !financed(item.method)),
      genplan: { ...project.genplan, image: sign(project.genplan.image, 'genplan') },
      renderVsPhoto: project.renderVsPhoto && {
        render: sign(project.renderVsPhoto.render, 'compareSlider'),
        photo: sign(project.renderVsPhoto.photo, 'compareSlider'),
      },
    },
    // Figures, texts, tables and links that do nothing in the browser: rendered by the server, not hydrated (ADR 043).
    ...staticParts(context, 'project', {
      // The JSON-LD, with the project's description (its paragraphs are the about section's).
      structuredData: {
        project: { name: project.name, description, address: project.address, district: project.district, lotsLeft: project.lotsLeft },
        path: project.url,
      },
      indicators,
      about: { description, about },
      benefits,
      priceByMonth,
      places: { places: infrastructure, projectId: project.id },
      progress: {
        reports: progress.map((report) => ({ ...report, photos: report.photos.map((photo) => sign(photo, 'progressPhoto')) })),
        progressUrl: `${project.url}/progress`,
      },
    }),
    lots: { ...lots, results: listed.map((lot) => ({ ...lotCardView(lot), plan: sign(lot.plan, 'lotCard') })) },
  };
}

/**
 * The project page: the hero, the in-page navigation, then each block the project has (app/components/project/),
 * in the order `projectBlocks` gives the navigation.
 */
export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  const { project, lots, calculator, whyBenefits, booking, nav } = loaderData;
  const t = useT();
  const lp = useLocalePath();
  const filterHref = lp('/filter') + filterQuery({ project: [project.id] });

  return (
    <>
      <Static name="structuredData" data={loaderData.structuredData} />
      <div className="container-page pt-6 sm:pt-8">
        <Breadcrumbs items={[{ label: t('catalogue.projects.title'), to: '/projects' }, { label: project.name }]} />
      </div>
      <ProjectHero project={project} filterHref={filterHref} actions={whyBenefits.length ? <BenefitsButton name={project.name} /> : null} />
      {whyBenefits.length ? <BenefitsDialog name={project.name} items={whyBenefits} /> : null}
      <ProjectNav blocks={nav} />

      <Static name="indicators" data={loaderData.indicators} />
      <Static name="about" data={loaderData.about} />
      <Static name="benefits" data={loaderData.benefits} />
      {project.renderVsPhoto ? (
        <Section id="render-vs-photo" title={t('catalogue.project.renderVsPhoto')}>
          <p className="section-lead">{t('catalogue.project.renderVsPhotoLead')}</p>
          <CompareSlider render={project.renderVsPhoto.render} photo={project.renderVsPhoto.photo} />
        </Section>
      ) : null}
      {project.genplan.buildings.length ? (
        <Section id="genplan" title={t('catalogue.project.genplan')}>
          <p className="section-lead">{t('catalogue.project.genplanLead')}</p>
          <GenplanMap genplan={project.genplan} presale={project.status === 'presale'} />
        </Section>
      ) : null}
      <ProjectLots project={project} lots={lots.results} filterHref={filterHref} />
      <Static name="priceByMonth" data={loaderData.priceByMonth} />
      <Static name="places" data={loaderData.places} />
      <ProjectGallery pictures={project.gallery} />
      <Static name="progress" data={loaderData.progress} />
      <CalculatorScope key={project.id} model={calculator}>
        <ProjectPurchase methods={project.purchaseInfo} />
      </CalculatorScope>
      <ProjectOffices offices={project.offices} project={Number(project.id)} booking={booking} />
      <ProjectClosing project={project} filterHref={filterHref} />
      <SubscriptionBlock />
    </>
  );
}
