import type { Picture } from '#core/catalogue/types.ts';
import { contactDialogOpener } from '#app/components/layout/contact-opener.tsx';
import { buttonClass, ButtonLink } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { useFeatureValue } from '#app/lib/features.tsx';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';
import { HOME_HERO_CTA, isHeroCtaVariant } from '#core/flags/keys.ts';
import { HomeSlider, type HomeSlideData } from './slider.tsx';

export type HomeHeroData = { title: string; subtitle: string; cta: string; image: Picture };

/**
 * The first screen: the developer's promise, the way to the projects and to a call back, and the main slider
 * beside it (its first picture is the page's largest); the hero picture only when there are no slides.
 */
export function HomeHero({ hero, slides }: { hero: HomeHeroData; slides: HomeSlideData[] }) {
  const t = useT();
  const lp = useLocalePath();
  // The main button's wording is an experiment (ADR 015): the variation assigned to this visitor, the same on the
  // server and after hydration; a value the catalogs do not know shows the editors' own wording.
  const cta = useFeatureValue(HOME_HERO_CTA, 'find');
  return (
    <section className="relative overflow-hidden bg-brand-900 text-white">
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-600),transparent_60%)]" />
      <div className="relative container-page grid gap-10 py-16 sm:py-24 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,0.9fr)] lg:items-start lg:py-28">
        <div>
          <h1 className="max-w-3xl text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-6xl">{hero.title}</h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-brand-100 sm:text-xl">{hero.subtitle}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <ButtonLink to={lp('/projects')} variant="inverse" size="lg">
              {isHeroCtaVariant(cta) ? t(`home.heroCta.${cta}`) : hero.cta}
              <Icon name="arrow-right" />
            </ButtonLink>
            <button {...contactDialogOpener()} className={buttonClass('ghost', 'lg', 'text-white ring-1 ring-white/40 hover:bg-white/10')}>
              {t('home.contactCta')}
            </button>
          </div>
        </div>
        {slides.length ? (
          <HomeSlider slides={slides} />
        ) : (
          <Image picture={hero.image} usage="homeHero" alt={hero.image.alt} priority className="overflow-hidden rounded-3xl shadow-2xl ring-1 ring-white/10" />
        )}
      </div>
    </section>
  );
}
