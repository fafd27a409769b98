/**
 * The Yandex Maps JavaScript API v3 (https://yandex.com/maps-api/docs/js-api/): where its script is, and the
 * hosts its documented CSP rules name (the `csp=202512` loading mode). The server allows these hosts only when
 * a maps key is configured (server/app.ts); the page loads the script only then (app/lib/maps.ts).
 */
export const MAPS_SCRIPT_ORIGIN = 'https://api-maps.yandex.ru';

const API = [MAPS_SCRIPT_ORIGIN, 'https://*.api-maps.yandex.ru'];

export const MAPS_CSP = {
  // 'unsafe-eval': the vector engine parses its tiles with it (Yandex's rules); only with a maps key.
  script: [...API, 'https://yastatic.net', "'unsafe-eval'"],
  style: [...API, 'https://yastatic.net'],
  img: [...API, 'https://*.maps.yandex.net', 'https://yastatic.net'],
  connect: [...API, 'https://*.maps.yandex.net'],
  worker: [...API],
} as const;

const MAPS_LANG = { ru: 'ru_RU', en: 'en_US', zh: 'en_US' } as const;

/** The API's script URL for a key and a page language (Chinese pages get the English map: the API has no Chinese). */
export function mapsScriptUrl(key: string, locale: 'ru' | 'en' | 'zh'): string {
  const params = new URLSearchParams({ apikey: key, lang: MAPS_LANG[locale], csp: '202512' });
  return `${MAPS_SCRIPT_ORIGIN}/v3/?${params.toString()}`;
}
