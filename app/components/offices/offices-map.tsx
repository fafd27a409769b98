import { useEffect, useRef, useState } from 'react';
import type { OfficeView } from '#core/content/offices.ts';
import { loadMaps, whenVisible } from '#app/lib/maps.ts';
import { useLocale, useT } from '#app/lib/i18n.tsx';

/**
 * The offices on a Yandex map, shown only when the server has a maps key. Its box is reserved before anything
 * loads (no layout shift); the API script is requested when the box comes into view. The map is for looking:
 * the office list beside it is the accessible alternative (addresses, hours, route links).
 */
export function OfficesMap({ offices, mapsKey }: { offices: OfficeView[]; mapsKey: string }) {
  const t = useT();
  const locale = useLocale();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'waiting' | 'loading' | 'ready' | 'failed'>('waiting');

  useEffect(() => {
    const element = box.current;
    if (!element || !offices.length) return;
    let map: { destroy: () => void } | null = null;
    let gone = false;
    const stop = whenVisible(element, () => {
      setState('loading');
      loadMaps(mapsKey, locale)
        .then((api) => {
          if (gone) return;
          const lngs = offices.map((o) => o.lng);
          const lats = offices.map((o) => o.lat);
          const drawn = new api.YMap(element, {
            location: {
              bounds: [
                [Math.min(...lngs) - 0.02, Math.max(...lats) + 0.01],
                [Math.max(...lngs) + 0.02, Math.min(...lats) - 0.01],
              ],
            },
            margin: [40, 40, 40, 40],
          });
          drawn.addChild(new api.YMapDefaultSchemeLayer());
          drawn.addChild(new api.YMapDefaultFeaturesLayer());
          for (const office of offices) {
            const pin = document.createElement('div');
            pin.className = 'size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-4 border-white bg-brand-700 shadow-md';
            pin.title = office.name;
            drawn.addChild(new api.YMapMarker({ coordinates: [office.lng, office.lat] }, pin));
          }
          map = drawn;
          setState('ready');
        })
        .catch(() => !gone && setState('failed'));
    });
    return () => {
      gone = true;
      stop();
      map?.destroy();
    };
  }, [offices, mapsKey, locale]);

  return (
    <figure className="mt-8">
      <div
        ref={box}
        role="region"
        aria-label={t('offices.map')}
        aria-describedby="offices-map-hint"
        aria-busy={state === 'loading' || undefined}
        className="relative aspect-[4/3] w-full overflow-hidden rounded-3xl bg-sand ring-1 ring-line sm:aspect-[21/9]"
      >
        {state !== 'ready' ? (
          <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-muted">
            {state === 'failed' ? t('offices.mapFailed') : t('offices.mapLoading')}
          </p>
        ) : null}
      </div>
      <figcaption id="offices-map-hint" className="mt-2 text-sm text-muted">
        {t('offices.mapHint')}
      </figcaption>
    </figure>
  );
}
