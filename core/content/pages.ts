/**
 * Slug pages (policy pages, the agents' and partners' pages, disclosure…): a page from the database at `/{slug}`,
 * its body rich text (core/content/rich-text.ts). The template decides what the page adds under its text.
 */

/** `text`: the text alone; `disclosure`: the text in a box; `agents`/`partners`: with their audience's booking form. */
export const PAGE_TEMPLATES = ['text', 'disclosure', 'agents', 'partners'] as const;
export type PageTemplate = (typeof PAGE_TEMPLATES)[number];

/** A page's slug, which is its address (`privacy`, `purchase/mortgage`): what the catch-all route reads. */
export const PAGE_SLUG = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;
