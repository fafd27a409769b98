/**
 * The offices domain: sales offices, their hours and photos (service.ts), and their API (routes.ts).
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { office } from './responses.ts';
