import { setFlagsFromString } from 'node:v8';

/**
 * Process entry. React and React Router pick their production or development build from
 * `process.env.NODE_ENV` when first imported, so it is settled here, before anything else loads.
 */
process.env.NODE_ENV ??= 'production';

/**
 * V8 grows the old generation by a factor of its own choosing after each full collection (up to 4× what
 * survived, for a server that allocates fast). Under overload (400 connections, thousands of refused
 * requests a second, each with its socket and parser) that let the heap reach ~320 MB with ~140 MB alive and
 * the process ~630 MB; at 1.5× it peaks at ~420–450 MB, with the same answered requests a second (ADR 010,
 * 2026-11-27). It is not a ceiling: a server whose live data needs more heap still gets it. The flag is read
 * at every collection, so setting it here, before the site loads, is the same as on the command line (where
 * NODE_OPTIONS may not carry it).
 */
setFlagsFromString('--heap-growing-percent=50');

await import('./main.ts');

export {};
