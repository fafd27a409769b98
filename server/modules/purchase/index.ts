/**
 * The purchase domain: mortgage and instalment programmes, banks and their offers (service.ts), quotes for a lot
 * (calls.ts), the offers' CSV import (import.ts), and the API (routes.ts).
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { BANK_LOGO_SIZE } from './logos.ts';
export type { FinanceData } from './service.ts';
