/**
 * The events domain: experiment exposures and conversions (store.ts, to ClickHouse or the database: sinks.ts), the
 * experiment report (report.ts), and the tracking calls (tracking.ts, routes-tracking.ts). Nothing here is used by
 * another domain.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export {};
