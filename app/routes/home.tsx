import type { Route } from './+types/home';
import { splitLocalePath } from '#core/i18n/routing.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { SubscriptionBlock } from '#app/components/forms/subscription-block.tsx';
import { HomeBanner } from '#app/components/home/banner.tsx';
import { HomeHero } from '#app/components/home/hero.tsx';
import { HomeStories } from '#app/components/home/stories.tsx';
import { JsonLd, organization, useAbsoluteUrl, useSiteOrigin } from '#app/components/seo/json-ld.tsx';
import { appContext } from '#app/lib/context.server.ts';
import { PageFeatures, useFeatureValue } from '#app/lib/features.tsx';
import { pageFeatures } from '#app/lib/features.server.ts';
import { auctionInformer } from '#app/loaders/auctions.server.ts';
import { HOME_HERO_CTA, HOME_STORIES } from '#core/flags/keys.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { DEMO_MEDIA, DEMO_MEDIA_SIZE } from '#core/image/demo-media.ts';
import { shownLogo } from '#core/content/home-blocks.ts';
import type { Picture } from '#core/catalogue/types.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { useRootData } from '#app/lib/root-data.ts';
import { deferredPart } from '#app/lib/deferred.tsx';
import { staticSections } from '#app/lib/static-part.tsx';
import { staticParts } from '#app/lib/static-part.server.ts';

/**
 * Below the first screen and interactive, their code not in the page's first load (ADR 027): the selector's at the
 * first pointer, touch or focus in it; the auctions' (countdowns, live updates) as they come near the viewport.
 */
const HomeSelector = deferredPart(() => import('#app/components/home/selector.tsx').then((m) => m.HomeSelector)).Part;
const AuctionInformer = deferredPart(() => import('#app/components/auctions/auction-card.tsx').then((m) => m.AuctionInformer), { near: true }).Part;

/** Cards, texts and links that do nothing in the browser (ADR 043): the server's HTML kept, their code loaded when rendered. */
const Static = staticSections('home', () => import('#app/components/home/static-sections.tsx').then((m) => m.sections));

/** Home shows this many running promotions and latest news. */
const HOME_PUBLICATIONS = 3;
/** The spec's commercial block: "main page commercial news limit 3" (§9). */
const HOME_COMMERCIAL_NEWS = 3;

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.hero.title });
}

/**
 * Only the visitor's language leaves the server. Empty texts mean "not in this language" (spec §1).
 * Projects come from the live catalogue (figures of today); promotions and news are the newest three, beside the
 * newest three about commercial premises. The slides, the selector's first counts and the partners come from
 * the home blocks service; the partners' logo URLs are made (and signed) here, as the API makes them.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  // The page's address (`url`), not `request.url`: reached by a click that is `/en.data`, which names no language.
  const locale: Locale = splitLocalePath(url.pathname).locale;
  const { services } = context.get(appContext);
  const [texts, projects, promos, news, commercialNews, slides, selector, partners, stories, collections, landings, auctions, features] = await Promise.all([
    services.blocks.home(locale),
    services.catalogue.projects(locale),
    services.publications.list('promo', locale),
    services.publications.list('news', locale),
    services.publications.list('news', locale, { realty_types: ['commercial'] }),
    services.home.slides(locale),
    services.home.selector(locale),
    services.home.partners(locale),
    services.stories.stories(locale),
    services.collections.list(locale),
    services.landings.links(locale),
    auctionInformer(context, locale),
    // The flag and the experiment this page reads, for this visitor (ADR 015, 027).
    pageFeatures(context, [HOME_STORIES, HOME_HERO_CTA]),
  ]);
  const signer = context.get(appContext).imageSigner;
  const sign = pictureSigner(context, request);
  const card = <T extends { image: Picture }>(item: T): T => ({ ...item, image: sign(item.image, 'card') });
  return {
    slides: slides.map((slide) => ({ ...slide, image: sign(slide.image, 'homeHero') })),
    selector,
    selectorTexts: texts.selector,
    stories: stories.map((story) => ({ ...story, cover: sign(story.cover, 'storyRing') })),
    hero: {
      title: texts.hero.title,
      subtitle: texts.hero.subtitle,
      cta: texts.hero.cta,
      image: sign({ src: DEMO_MEDIA.hero, ...DEMO_MEDIA_SIZE, alt: texts.hero.imageAlt }, 'homeHero'),
    },
    app: texts.app,
    englishManagers: texts.englishManagers,
    // The landing for foreign buyers in this language (en, zh), from the managers' banner.
    landing: landings[0] ?? null,
    auctions,
    features,
    // Cards, texts and links that do nothing in the browser: rendered by the server, not hydrated (ADR 043).
    ...staticParts(context, 'home', {
      projects: projects.map(card),
      indicators: texts.indicators,
      collections: collections.filter((c) => c.count > 0),
      promos: promos.slice(0, HOME_PUBLICATIONS).map(card),
      advantages: texts.advantages,
      news: { news: news.slice(0, HOME_PUBLICATIONS).map(card), commercial: commercialNews.slice(0, HOME_COMMERCIAL_NEWS) },
      // The name is written beside each logo: the library's alt text is read only where it says more than the name
      // (decided here, so the page's code does not grow).
      partners: partners.map((p) => ({ ...p, logo: { ...shownLogo(p.logo, signer), alt: p.logo.alt === p.name ? '' : p.logo.alt } })),
    }),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <PageFeatures values={loaderData.features}>
      <HomePage loaderData={loaderData} />
    </PageFeatures>
  );
}

function HomePage({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { hero, slides, selector, selectorTexts, stories, auctions } = loaderData;
  const settings = useRootData()?.settings;
  // A flag (ADR 015): on unless turned off; a change reaches an open page through the stream.
  const showStories = useFeatureValue(HOME_STORIES, true);
  const absolute = useAbsoluteUrl();
  const origin = useSiteOrigin();
  return (
    <>
      {settings ? <JsonLd data={organization(settings, absolute('/'), origin)} /> : null}
      <HomeHero hero={hero} slides={slides} />
      {showStories ? <HomeStories stories={stories} /> : null}

      <HomeSelector initial={selector} texts={selectorTexts} />

      <Static name="indicators" data={loaderData.indicators} />
      <Static name="projects" data={loaderData.projects} />
      <Static name="collections" data={loaderData.collections} />

      <AuctionInformer initial={auctions.lists} serverNow={auctions.now} />

      <Static name="promos" data={loaderData.promos} />
      <Static name="advantages" data={loaderData.advantages} />
      <Static name="news" data={loaderData.news} />
      <Static name="partners" data={loaderData.partners} />

      <div className="pt-14 sm:pt-20">
        <SubscriptionBlock />
      </div>

      <HomeBanner app={loaderData.app} englishManagers={loaderData.englishManagers} landing={loaderData.landing} />
    </>
  );
}
