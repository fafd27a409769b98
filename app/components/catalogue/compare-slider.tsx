import { useLayoutEffect, useRef, useState } from 'react';
import type { Picture } from '#core/catalogue/types.ts';
import { Image } from '#app/components/ui/image.tsx';
import { useLocale, useT } from '#app/lib/i18n.tsx';
import { formatPercent } from '#core/i18n/percent.ts';
import { useHydrated } from '#app/lib/hydration.ts';

/**
 * Render versus photo (spec §1): the photo below, the render above clipped at the divider. A native range
 * input across the picture drives it (drag, click, arrow keys, screen readers); the position is applied
 * through the CSSOM because the CSP forbids inline style attributes. Without JavaScript it rests at half, a
 * still split with its two labels: no handle and no «drag» hint, as nothing can be dragged, and a caption that
 * says which side is which instead.
 */
export function CompareSlider({ render, photo }: { render: Picture; photo: Picture }) {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const [position, setPosition] = useState(50);
  const clip = useRef<HTMLDivElement>(null);
  const divider = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (clip.current) clip.current.style.clipPath = `inset(0 ${100 - position}% 0 0)`;
    if (divider.current) divider.current.style.left = `${position}%`;
  }, [position]);

  return (
    <figure>
      <div className="relative overflow-hidden rounded-3xl bg-brand-900 select-none">
        <Image picture={photo} usage="compareSlider" alt={photo.alt} className="aspect-[16/10]" />
        <div ref={clip} className="absolute inset-0 [clip-path:inset(0_50%_0_0)]">
          <Image picture={render} usage="compareSlider" alt={render.alt} className="aspect-[16/10] h-full" />
        </div>
        <span className="absolute top-4 left-4 rounded-full bg-white/90 px-3 py-1 text-sm font-semibold text-ink">{t('catalogue.project.render')}</span>
        <span className="absolute top-4 right-4 rounded-full bg-ink/75 px-3 py-1 text-sm font-semibold text-white">{t('catalogue.project.photo')}</span>
        {hydrated ? (
          <input
            type="range"
            min={0}
            max={100}
            step={1}
            value={position}
            onChange={(event) => setPosition(Number(event.target.value))}
            aria-label={t('catalogue.project.compareLabel')}
            aria-valuetext={t('catalogue.project.compareValue', { render: formatPercent(position, locale), photo: formatPercent(100 - position, locale) })}
            className="peer absolute inset-0 z-10 h-full w-full cursor-ew-resize opacity-0"
          />
        ) : null}
        <div
          ref={divider}
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.1)] peer-focus-visible:[&>span]:outline-2 peer-focus-visible:[&>span]:outline-offset-2 peer-focus-visible:[&>span]:outline-white"
        >
          {hydrated ? (
            <span className="absolute top-1/2 left-1/2 flex size-12 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-brand-800 shadow-lg">
              <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                <path d="M9 6l-6 6 6 6M15 6l6 6-6 6" />
              </svg>
            </span>
          ) : null}
        </div>
      </div>
      <figcaption className="mt-3 text-sm text-muted">{t(hydrated ? 'catalogue.project.compareHint' : 'catalogue.project.compareStill')}</figcaption>
    </figure>
  );
}
