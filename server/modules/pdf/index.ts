/**
 * The pdf domain: a lot's sheet and a project's presentation as PDF (lot-sheet.ts, presentation.ts), served by
 * routes.ts at the addresses paths.ts makes.
 *
 * This file is what other domains may use of it (.dependency-cruiser.cjs `modules-meet-at-their-index`).
 */
export { lotSheetPath, presentationPath } from './paths.ts';
