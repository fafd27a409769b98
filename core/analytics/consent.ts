import type { ConsentMode } from './counters.ts';

/**
 * The visitor's answer to the cookie notice and a tester's visit, as the browser keeps them in cookies and the
 * server reads them (ADR 014, 015): one rule for the counters, the visitor id (`vid`), experiment exposures and
 * web vitals.
 */

export type ConsentChoice = 'accepted' | 'declined' | 'noticed';
const CHOICES: readonly string[] = ['accepted', 'declined', 'noticed'] satisfies ConsentChoice[];

/** The choice a `sl_consent` value holds, or null (none yet, or not one of ours). */
export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  return value && CHOICES.includes(value) ? (value as ConsentChoice) : null;
}

/**
 * Whether the visitor's answer lets the site measure them: `notice` (the default) unless they declined,
 * `opt-in` only once they accepted. It governs the counters, the 400-day visitor id and what is stored under it
 * (experiment exposures, web vitals).
 */
export function consentAllows(mode: ConsentMode, choice: ConsentChoice | null): boolean {
  return mode === 'notice' ? choice !== 'declined' : choice === 'accepted';
}
