/**
 * The flags domain: GrowthBook feature flags and experiments. service.ts reads and stores the definitions, values.ts
 * evaluates them, routes.ts serves `/api/features/{clientKey}` and stream.ts its server-sent updates. Nothing here is
 * used by another domain.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export {};
