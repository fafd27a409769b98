import type { Locale } from '#core/i18n/locales.ts';

/** A regular desktop Chrome: headless Chromium's own user agent is (rightly) treated as a bot by the site. */
export const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** One page of every template the site has (locale-free paths): the width sweep and the validators walk them all. */
export const TEMPLATES = [
  '/',
  '/projects',
  '/projects/1',
  '/projects/2/progress',
  '/projects/1/building/1',
  '/projects/1/building/1/section/1',
  // The ground floor: its link is last in the floor switcher, the farthest into its scroll box.
  '/projects/1/building/1/section/1/floor/2',
  '/lipovy/flat/22',
  '/lipovy/parking/1',
  '/lipovy/pantry/8',
  '/sosnovy/commercial/1',
  '/filter',
  '/filter/mashino-mesta',
  '/selection',
  '/promo',
  '/promo/1',
  '/news',
  '/news/office-opening',
  '/contacts',
  '/purchase/mortgage',
  '/purchase/installment',
  '/privacy',
  // A collection of lots (the catch-all slug route's other kind of page).
  '/ready-to-move-in',
  '/no-such-page',
] as const;

/** A template's address in `lang` (Russian has no prefix). */
export const localized = (template: string, lang: Locale): string => (lang === 'ru' ? template : `/${lang}${template === '/' ? '' : template}`);
