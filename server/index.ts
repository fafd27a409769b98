import { setFlagsFromString } from 'node:v8';

/**
 * Process entry. React and React Router pick their production or development build from
 * `process.env.NODE_ENV` when first imported, so it is settled here, before anything else loads.
 */
process.env.NODE_ENV ??= 'production';

/**
 * V8 may grow the old generation up to 4× what survived each full collection, which under overload inflates the
 * heap far beyond the live data; 1.5× keeps the peak down at the same throughput (ADR 010). Not a ceiling. Set
 * here, before the site loads, because NODE_OPTIONS may not carry this flag.
 */
setFlagsFromString('--heap-growing-percent=50');

await import('./main.ts');

export {};
