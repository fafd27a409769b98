/**
 * The site search (spec §9 "footer search limit 200"): projects by name, lots by number, content pages, news and
 * promotions by title, for the footer's form, the search page and `/api/search/`. It owns no tables: it reads the
 * catalogue's and the content's published data.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { createSearchService, type SearchService } from './service.ts';
