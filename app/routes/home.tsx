import type { Route } from './+types/home';
import { splitLocalePath } from '#core/i18n/routing.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { pick } from '#core/schemas/localized.ts';
import { home } from '#content/home.ts';
import { CardGrid } from '#app/components/catalogue/chip-filter.tsx';
import { ProjectCard } from '#app/components/catalogue/project-card.tsx';
import { SectionHeading } from '#app/components/layout/section-heading.tsx';
import { PublicationCard } from '#app/components/content/publication-card.tsx';
import { SubscriptionBlock } from '#app/components/forms/subscription-block.tsx';
import { JsonLd, organization, useAbsoluteUrl, useSiteOrigin } from '#app/components/seo/json-ld.tsx';
import { appContext } from '#app/lib/context.server.ts';
import { CONTACT_DIALOG_ID } from '#app/components/layout/contact-dialog.tsx';
import { buttonClass, ButtonLink } from '#app/components/ui/button.tsx';
import { dialogOpener } from '#app/components/ui/dialog.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import type { IconName } from '#app/components/ui/icon-paths.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { Image } from '#app/components/ui/image.tsx';
import { DEMO_MEDIA, DEMO_MEDIA_SIZE } from '#core/image/demo-media.ts';
import type { Picture } from '#core/catalogue/types.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { useRootData } from '#app/lib/root-data.ts';

const ADVANTAGE_ICONS: IconName[] = ['map-pin', 'building', 'tree', 'family', 'car', 'percent'];
const VISIBLE_INDICATORS = 4;

/** Home shows this many running promotions and latest news. */
const HOME_PUBLICATIONS = 3;

/**
 * Only the visitor's language leaves the server. Empty texts mean "not in this language" (spec §1).
 * Projects come from the live catalogue (figures of today); promotions and news are the newest three.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  // The page's address (`url`), not `request.url`: reached by a click that is `/en.data`, which names no language.
  const locale: Locale = splitLocalePath(url.pathname).locale;
  const own = (value: { ru: string; en: string; zh: string }) => value[locale];
  const { services } = context.get(appContext);
  const [projects, promos, news] = await Promise.all([
    services.catalogue.projects(locale),
    services.publications.list('promo', locale),
    services.publications.list('news', locale),
  ]);
  const sign = pictureSigner(context, request);
  const card = <T extends { image: Picture }>(item: T): T => ({ ...item, image: sign(item.image, 'card') });
  return {
    projects: projects.map(card),
    promos: promos.slice(0, HOME_PUBLICATIONS).map(card),
    news: news.slice(0, HOME_PUBLICATIONS).map(card),
    hero: {
      title: pick(home.hero.title, locale),
      subtitle: pick(home.hero.subtitle, locale),
      cta: pick(home.hero.cta, locale),
      image: sign({ src: DEMO_MEDIA.hero, ...DEMO_MEDIA_SIZE, alt: pick(home.hero.imageAlt, locale) }, 'homeHero'),
    },
    advantages: home.advantages.map((item) => ({ title: pick(item.title, locale), description: pick(item.description, locale) })),
    indicators: home.indicators.map((item) => ({ value: item.value, label: pick(item.label, locale) })),
    app: own(home.app.title) ? { title: own(home.app.title), description: own(home.app.description) } : null,
    englishManagers: own(home.englishManagers.title) ? { title: own(home.englishManagers.title), description: own(home.englishManagers.description) } : null,
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.hero.title });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lp = useLocalePath();
  const { hero, advantages, indicators, projects: list, promos, news, app, englishManagers } = loaderData;
  const banner = englishManagers ?? app;
  const settings = useRootData()?.settings;
  const absolute = useAbsoluteUrl();
  const origin = useSiteOrigin();
  return (
    <>
      {settings ? <JsonLd data={organization(settings, absolute('/'), origin)} /> : null}
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-600),transparent_60%)]" />
        <div className="relative container-page grid gap-10 py-16 sm:py-24 lg:grid-cols-[1.1fr_0.9fr] lg:items-center lg:py-28">
          <div>
            <h1 className="max-w-3xl text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl">{hero.title}</h1>
            <p className="mt-6 max-w-2xl text-lg text-pretty text-brand-100 sm:text-xl">{hero.subtitle}</p>
            <div className="mt-10 flex flex-wrap gap-3">
              <ButtonLink to={lp('/projects')} variant="inverse" size="lg">
                {hero.cta}
                <Icon name="arrow-right" />
              </ButtonLink>
              <button {...dialogOpener(CONTACT_DIALOG_ID)} className={buttonClass('ghost', 'lg', 'text-white ring-1 ring-white/40 hover:bg-white/10')}>
                {t('home.contactCta')}
              </button>
            </div>
          </div>
          <Image picture={hero.image} usage="homeHero" alt={hero.image.alt} priority className="overflow-hidden rounded-3xl shadow-2xl ring-1 ring-white/10" />
        </div>
      </section>

      <section aria-labelledby="indicators-title" className="container-page py-14 sm:py-20">
        <h2 id="indicators-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {t('home.indicatorsTitle')}
        </h2>
        <IndicatorGrid items={indicators.slice(0, VISIBLE_INDICATORS)} />
        {indicators.length > VISIBLE_INDICATORS ? (
          // The key-indicators block expands and collapses (spec §1); <details> does it with no script.
          <details className="group mt-4">
            <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full px-4 font-semibold text-brand-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
              <span className="group-open:hidden">{t('home.showMore')}</span>
              <span className="hidden group-open:inline">{t('home.showLess')}</span>
              <Icon name="chevron-down" className="size-4 transition-transform group-open:rotate-180" />
            </summary>
            <IndicatorGrid items={indicators.slice(VISIBLE_INDICATORS)} />
          </details>
        ) : null}
      </section>

      <section aria-labelledby="projects-title" className="bg-white py-14 sm:py-20">
        <div className="container-page">
          <SectionHeading id="projects-title" title={t('home.projectsTitle')} link={{ to: '/projects', label: t('home.allProjects') }} />
          <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
            {list.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} headingLevel={3} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      {promos.length ? (
        <section aria-labelledby="promo-title" className="container-page py-14 sm:py-20">
          <SectionHeading id="promo-title" title={t('promo.current')} link={{ to: '/promo', label: t('promo.all') }} />
          <CardGrid items={promos} render={(item) => <PublicationCard item={item} headingLevel={3} />} />
        </section>
      ) : null}

      <section aria-labelledby="advantages-title" className="container-page py-14 sm:py-20">
        <h2 id="advantages-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {t('home.advantagesTitle')}
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {advantages.map((item, index) => (
            <li key={item.title} className="rounded-3xl bg-white p-6 ring-1 ring-line sm:p-8">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                <Icon name={ADVANTAGE_ICONS[index % ADVANTAGE_ICONS.length]!} className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-bold">{item.title}</h3>
              <p className="mt-2 text-muted">{item.description}</p>
            </li>
          ))}
        </ul>
      </section>

      {news.length ? (
        <section aria-labelledby="news-title" className="bg-white py-14 sm:py-20">
          <div className="container-page">
            <SectionHeading id="news-title" title={t('news.title')} link={{ to: '/news', label: t('news.all') }} />
            <CardGrid items={news} render={(item) => <PublicationCard item={item} headingLevel={3} />} />
          </div>
        </section>
      ) : null}

      <div className="pt-14 sm:pt-20">
        <SubscriptionBlock />
      </div>

      {banner ? (
        <section aria-labelledby="banner-title" className="container-page pb-16 sm:pb-24">
          <div className="flex flex-col gap-6 rounded-3xl bg-sand p-8 sm:p-12 lg:flex-row lg:items-center lg:justify-between">
            <div className="max-w-2xl">
              <h2 id="banner-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
                {banner.title}
              </h2>
              <p className="mt-3 text-lg text-muted">{banner.description}</p>
            </div>
            {englishManagers ? (
              <button {...dialogOpener(CONTACT_DIALOG_ID)} className={buttonClass('primary', 'lg', 'shrink-0')}>
                {t('header.contact')}
              </button>
            ) : settings ? (
              <div className="flex shrink-0 flex-wrap gap-3">
                <a href={settings.appStoreUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', 'lg')}>
                  {t('footer.appStore')}
                </a>
                <a href={settings.googlePlayUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'lg')}>
                  {t('footer.googlePlay')}
                </a>
              </div>
            ) : null}
          </div>
        </section>
      ) : null}
    </>
  );
}

function IndicatorGrid({ items }: { items: { value: string; label: string }[] }) {
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="flex flex-col rounded-3xl bg-white p-6 ring-1 ring-line">
          <dt className="text-muted">{item.label}</dt>
          <dd className="order-first text-4xl font-extrabold tracking-tight text-brand-800">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
