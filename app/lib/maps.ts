import { mapsScriptUrl } from '#core/content/maps.ts';
import type { Locale } from '#core/i18n/locales.ts';

/**
 * The maps script loader: the Yandex Maps JavaScript API is loaded once per page, only when a key is configured
 * and a map has come into view (`whenVisible`). Nothing here runs on the server or without a key, so pages
 * without a map (and every test without a key) never request the maps script.
 */

/** The part of `ymaps3` the site uses (https://yandex.com/maps-api/docs/js-api/). */
export type Ymaps3 = {
  ready: Promise<void>;
  YMap: new (
    element: HTMLElement,
    props: { location: { bounds?: [number, number][]; center?: [number, number]; zoom?: number }; margin?: number[] },
  ) => {
    addChild: (child: unknown) => unknown;
    destroy: () => void;
  };
  YMapDefaultSchemeLayer: new (props?: object) => unknown;
  YMapDefaultFeaturesLayer: new (props?: object) => unknown;
  YMapMarker: new (props: { coordinates: [number, number] }, element: HTMLElement) => unknown;
};

declare global {
  interface Window {
    ymaps3?: Ymaps3;
  }
}

let loading: Promise<Ymaps3> | null = null;

/** Loads the API script (once) and resolves when the API is ready; a failed load can be tried again. */
export function loadMaps(key: string, locale: Locale): Promise<Ymaps3> {
  loading ??= new Promise<Ymaps3>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = mapsScriptUrl(key, locale);
    script.async = true;
    script.onload = () => {
      const api = window.ymaps3;
      if (!api) reject(new Error('maps: the script loaded without ymaps3'));
      else api.ready.then(() => resolve(api), reject);
    };
    script.onerror = () => reject(new Error('maps: the script did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Calls `onVisible` once when `element` comes near the viewport; returns the clean-up. */
export function whenVisible(element: Element, onVisible: () => void, rootMargin = '200px'): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onVisible();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        onVisible();
      }
    },
    { rootMargin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
