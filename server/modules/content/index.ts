/**
 * The content domain: what editors write. Publications (news, promotions, press), pages, menus, SEO meta,
 * redirects, settings, landings, editorial blocks; editor/ is the back office's content editor (kinds bound to tables,
 * versions, audit, media); publication-schedule.ts publishes what was scheduled.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export type { PublicSettings } from './settings.ts';
