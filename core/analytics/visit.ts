import { COOKIES } from '#core/http/cookies.ts';
import type { TrackingEvent } from '#core/tracking/events.ts';

/**
 * The visit and its engagement goals (spec §9), as pure functions of a state and the time, so the browser's
 * tracker (app/lib/analytics.ts) only reads and writes the cookie and sets timers.
 *
 * - A visit is activity within 30 minutes: a page or an interaction more than 30 minutes after the last one
 *   starts a new visit (new id, no goals yet). The cookie also expires after 30 minutes, but the rule is read
 *   from the time kept inside it, so it holds whatever the browser does with cookies.
 * - `visit_60s`: the visit has lasted 60 seconds. `visit_over_3min`: it has lasted more than 3 minutes.
 *   `visit_3min`: an involved visit after 3 minutes — 3 minutes have passed and the visitor has interacted
 *   (scrolled, clicked, typed, or opened a second page); it fires at 3 minutes, or at the first interaction after.
 *   `two_pages`: the visit's second page.
 * - Each goal fires once per visit (the cookie keeps which have).
 */

export const VISIT_COOKIE = COOKIES.visit.name;
/** A visit ends after 30 minutes without activity (spec §9 "visit cookies 30 minutes"). */
export const VISIT_IDLE_MS = 30 * 60 * 1000;
export const GOAL_TIMES = { visit_60s: 60_000, visit_3min: 180_000, visit_over_3min: 180_000 } as const;
export const ENGAGEMENT_GOALS = ['visit_60s', 'visit_3min', 'visit_over_3min', 'two_pages'] as const satisfies readonly TrackingEvent[];
export type EngagementGoal = (typeof ENGAGEMENT_GOALS)[number];

export type Visit = {
  /** 16 hex digits: an opaque `visit_id` for `/api/tracking_data/save/`. */
  id: string;
  /** When the visit began and when it was last active (ms since the epoch). */
  start: number;
  last: number;
  pages: number;
  involved: boolean;
  goals: EngagementGoal[];
};

const VISIT_ID = /^[0-9a-f]{16}$/;

/** A new visit id from the platform's CSPRNG. */
export function newVisitId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `id.start.last.pages.flags` in base 36, the flags a bit per goal and one for involvement. */
export function serializeVisit(visit: Visit): string {
  let flags = visit.involved ? 1 : 0;
  ENGAGEMENT_GOALS.forEach((goal, i) => {
    if (visit.goals.includes(goal)) flags |= 2 << i;
  });
  return [visit.id, visit.start.toString(36), visit.last.toString(36), visit.pages.toString(36), flags.toString(36)].join('.');
}

export function parseVisit(value: string | null | undefined): Visit | null {
  if (!value) return null;
  const [id, start, last, pages, flags, ...extra] = value.split('.');
  if (!id || !VISIT_ID.test(id) || extra.length || start === undefined || last === undefined || pages === undefined || flags === undefined) return null;
  const numbers = [start, last, pages, flags].map((n) => (/^[0-9a-z]{1,12}$/.test(n) ? parseInt(n, 36) : NaN));
  if (numbers.some((n) => !Number.isSafeInteger(n))) return null;
  const [s, l, p, f] = numbers as [number, number, number, number];
  if (l < s) return null;
  return { id, start: s, last: l, pages: p, involved: (f & 1) === 1, goals: ENGAGEMENT_GOALS.filter((_, i) => (f & (2 << i)) !== 0) };
}

/** The visit going on at `now`: `previous` if it was active within 30 minutes, else a new one. */
export function currentVisit(previous: Visit | null, now: number, newId: () => string = newVisitId): { visit: Visit; fresh: boolean } {
  if (previous && now - previous.last <= VISIT_IDLE_MS && now >= previous.start) return { visit: { ...previous }, fresh: false };
  return { visit: { id: newId(), start: now, last: now, pages: 0, involved: false, goals: [] }, fresh: true };
}

/** A page of the visit (the first load or a navigation in the page). A second page is an interaction too. */
export function countPage(visit: Visit, now: number): Visit {
  const pages = visit.pages + 1;
  return { ...visit, pages, last: now, involved: visit.involved || pages >= 2 };
}

/** The visitor interacted (scroll, pointer, key). */
export function markInvolved(visit: Visit, now: number): Visit {
  return { ...visit, involved: true, last: now };
}

/** The goals `visit` has reached by `now` and not yet fired, in the order they are reached. */
export function dueGoals(visit: Visit, now: number): EngagementGoal[] {
  const elapsed = now - visit.start;
  const due: EngagementGoal[] = [];
  if (visit.pages >= 2) due.push('two_pages');
  if (elapsed >= GOAL_TIMES.visit_60s) due.push('visit_60s');
  if (elapsed >= GOAL_TIMES.visit_over_3min) due.push('visit_over_3min');
  if (elapsed >= GOAL_TIMES.visit_3min && visit.involved) due.push('visit_3min');
  return due.filter((goal) => !visit.goals.includes(goal));
}

export function withGoals(visit: Visit, goals: readonly EngagementGoal[]): Visit {
  const reached = new Set([...visit.goals, ...goals]);
  return { ...visit, goals: ENGAGEMENT_GOALS.filter((goal) => reached.has(goal)) };
}

/**
 * When the next goal that waits only for time is due (ms since the epoch), or null. `visit_3min` waits for an
 * interaction as well: before one it is no timer's business (an interaction after 3 minutes fires it).
 */
export function nextGoalAt(visit: Visit): number | null {
  const times = (['visit_60s', 'visit_over_3min', 'visit_3min'] as const)
    .filter((goal) => !visit.goals.includes(goal) && (goal !== 'visit_3min' || visit.involved))
    .map((goal) => visit.start + GOAL_TIMES[goal]);
  return times.length ? Math.min(...times) : null;
}
