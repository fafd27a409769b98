/**
 * Slug pages (policy pages, the agents' and partners' pages, disclosure…): a page from the database at `/{slug}`,
 * its body rich text (core/content/rich-text.ts). The template decides what the page adds under its text.
 */

/** `text`: the text alone; `disclosure`: the text in a box; `agents`/`partners`: with their audience's booking form. */
export const PAGE_TEMPLATES = ['text', 'disclosure', 'agents', 'partners'] as const;
export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

/** A page's slug, which is its address (`privacy`, `purchase/mortgage`): what the catch-all route reads. */
export const PAGE_SLUG = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

/**
 * First segments of addresses that are not `/{slug}`: the public site's own routes (app/routes.ts), the language
 * prefixes, the back office, and what the server answers itself (the API, pictures, PDFs, feeds…). A page, a
 * collection or a landing at such an address would never be reached (the route or the server answers first), so
 * none may take it. app/routes.test.ts holds the list to the routes.
 */
export const RESERVED_SLUG_HEADS: ReadonlySet<string> = new Set([
  // app/routes.ts
  'projects',
  'shared-projects',
  'filter',
  'selection',
  'promo',
  'news',
  'contacts',
  'auctions',
  'alerts',
  'search',
  'ui-kit',
  '_error',
  'forms',
  '_icons',
  'admin',
  'deal',
  'currency',
  'en',
  'zh',
  'ru',
  // The server's own paths (server/app.ts and server/http/).
  'api',
  'img',
  'pdf',
  'feeds',
  'builds',
  'assets',
  'sub',
  'old',
  'healthz',
  'readyz',
  'metrics',
  'robots.txt',
  'sitemap.xml',
  'favicon.svg',
]);

/** Whether a slug's address belongs to something else than slug pages, collections and landings. */
export const slugReserved = (slug: string): boolean => RESERVED_SLUG_HEADS.has(slug.split('/')[0]!);
