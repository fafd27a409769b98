import { useCallback, useEffect, useRef, useState } from 'react';
import type { HomeSlide } from '#core/content/home-blocks.ts';
import type { Picture } from '#core/catalogue/types.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { Icon } from '#app/components/ui/icon.tsx';
import { Image } from '#app/components/ui/image.tsx';
import { useBrowserValue, useHydrated } from '#app/lib/hydration.ts';
import { useLocalePath, useT } from '#app/lib/i18n.tsx';

export type HomeSlideData = Omit<HomeSlide, 'image'> & { image: Picture };

/** How long a slide stays while the slider plays. */
const ROTATION_MS = 7000;

/**
 * The main slider (spec §7 `/api/main_page_slider/`), after the WAI-ARIA carousel pattern. The slides are one
 * scroll-snap row, so swiping is the browser's own scrolling and every slide is reachable without JavaScript; the
 * script only scrolls the row and follows it. It autoplays only when the visitor allows motion, and pauses under the
 * pointer or focus. All slides share the row's height, so changing slides moves nothing.
 */
export function HomeSlider({ slides }: { slides: HomeSlideData[] }) {
  const t = useT();
  const lp = useLocalePath();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  /** The visitor's choice with the pause/play button; until then, it plays when motion is welcome. */
  const [choice, setChoice] = useState<boolean | null>(null);
  const reducedMotion = useReducedMotion();
  const playing = choice ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const hydrated = useHydrated();
  const count = slides.length;
  const region = useRef<HTMLElement>(null);

  const go = useCallback(
    (index: number) => {
      const row = track.current;
      if (!row || !count) return;
      const next = (index + count) % count;
      setCurrent(next);
      // `scroll-behavior` on the row is smooth only when motion is welcome (motion-safe).
      row.scrollTo({ left: next * row.clientWidth });
    },
    [count],
  );

  const rotating = playing && !hovered && !focused && count > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') go(current + 1);
    }, ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [rotating, current, go]);

  /** Where a swipe, a scroll or a focused link left the row. */
  const onScroll = () => {
    const row = track.current;
    if (!row || !row.clientWidth) return;
    const index = Math.round(row.scrollLeft / row.clientWidth);
    if (index !== current && index >= 0 && index < count) setCurrent(index);
  };

  // Listened to natively: the region holds the keyboard and pointer, its controls do the rest.
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      go(current + (event.key === 'ArrowRight' ? 1 : -1));
    };
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('mouseenter', enter);
    element.addEventListener('mouseleave', leave);
    element.addEventListener('focusin', focusIn);
    element.addEventListener('focusout', focusOut);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('mouseenter', enter);
      element.removeEventListener('mouseleave', leave);
      element.removeEventListener('focusin', focusIn);
      element.removeEventListener('focusout', focusOut);
    };
  }, [current, go]);

  if (!count) return null;
  const control = 'slider-control';

  return (
    <section ref={region} aria-roledescription={t('homeBlocks.slider.carousel')} aria-label={t('homeBlocks.slider.label')} className="min-w-0">
      <div
        ref={track}
        onScroll={onScroll}
        aria-live={rotating ? 'off' : 'polite'}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-3xl [scrollbar-width:none] motion-safe:scroll-smooth [&::-webkit-scrollbar]:hidden"
      >
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            id={`slide-${slide.id}`}
            role="group"
            aria-roledescription={t('homeBlocks.slider.slide')}
            aria-label={t('homeBlocks.slider.slideOf', { index: index + 1, count })}
            // With the script, only the slide in view is read and tabbed through; without it, every slide is reachable.
            inert={hydrated && index !== current}
            className="slide"
          >
            <Image picture={slide.image} usage="homeHero" alt={slide.image.alt} priority={index === 0} className="aspect-[16/10]" />
            <div className="slide-body">
              {slide.project ? <p className="slide-project">{t('homeBlocks.slider.project', { name: slide.project.name })}</p> : null}
              <p className="slide-title">{slide.title}</p>
              <p className="slide-text">{slide.text}</p>
              <div className="slide-action">
                <ButtonLink to={/^https?:/.test(slide.link.url) ? slide.link.url : lp(slide.link.url)} variant="inverse" size="md">
                  {slide.link.label}
                  <Icon name="arrow-right" />
                </ButtonLink>
              </div>
            </div>
          </div>
        ))}
      </div>

      {count > 1 ? (
        <div className="mt-4 flex items-center gap-2">
          <button
            type="button"
            className={control}
            onClick={() => setChoice(!playing)}
            aria-label={t(playing ? 'homeBlocks.slider.pause' : 'homeBlocks.slider.play')}
          >
            {playing ? <PauseGlyph /> : <PlayGlyph />}
          </button>
          <button type="button" className={control} onClick={() => go(current - 1)} aria-label={t('homeBlocks.slider.previous')}>
            <Icon name="chevron-right" className="size-5 rotate-180" />
          </button>
          <button type="button" className={control} onClick={() => go(current + 1)} aria-label={t('homeBlocks.slider.next')}>
            <Icon name="chevron-right" className="size-5" />
          </button>
          <ol className="ml-auto flex items-center">
            {slides.map((slide, index) => (
              <li key={slide.id}>
                <a
                  href={`#slide-${slide.id}`}
                  aria-current={index === current ? 'true' : undefined}
                  aria-label={t('homeBlocks.slider.goTo', { index: index + 1, title: slide.title })}
                  onClick={(event) => {
                    event.preventDefault();
                    go(index);
                  }}
                  className="group slider-dot"
                >
                  <span aria-hidden="true" className="slider-dot-mark" />
                </a>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Whether the visitor asked for less motion; on the server (and while hydrating) yes, so nothing plays before the page
 * knows (app/lib/hydration.ts).
 */
export const useReducedMotion = (): boolean => useBrowserValue(subscribeMotion, prefersReducedMotion, true);

const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

function subscribeMotion(changed: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

export function PauseGlyph() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

export function PlayGlyph() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
    </svg>
  );
}
