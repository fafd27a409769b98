import { describe, expect, it } from 'vitest';
import { countPage, currentVisit, dueGoals, markInvolved, nextGoalAt, parseVisit, serializeVisit, VISIT_IDLE_MS, withGoals, type Visit } from './visit.ts';

const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);
const S = 1000;
const id = () => '0123456789abcdef';
/** A visit begun at T0 with its first page. */
const begun = (): Visit => countPage(currentVisit(null, T0, id).visit, T0);

describe('the visit', () => {
  it('begins with the first page, and goes on while active within 30 minutes', () => {
    const visit = begun();
    expect(visit).toEqual({ id: '0123456789abcdef', start: T0, last: T0, pages: 1, involved: false, goals: [] });
    const later = currentVisit(visit, T0 + VISIT_IDLE_MS, () => 'ffffffffffffffff');
    expect(later.fresh).toBe(false);
    expect(later.visit.id).toBe('0123456789abcdef');
  });

  it('ends after 30 minutes without activity: the next page is a new visit with no goals', () => {
    const visit = withGoals(markInvolved(begun(), T0 + 10 * S), ['visit_60s']);
    const next = currentVisit(visit, T0 + 10 * S + VISIT_IDLE_MS + 1, () => 'ffffffffffffffff');
    expect(next.fresh).toBe(true);
    expect(next.visit).toMatchObject({ id: 'ffffffffffffffff', pages: 0, involved: false, goals: [] });
  });

  it('round-trips through its cookie, and a forged or broken cookie is no visit', () => {
    const visit = withGoals(markInvolved(countPage(begun(), T0 + 5 * S), T0 + 9 * S), ['two_pages', 'visit_3min']);
    expect(parseVisit(serializeVisit(visit))).toEqual(visit);
    for (const bad of [
      '',
      'x',
      'ZZZZ.1.1.1.0',
      '0123456789abcdef.1.1.1',
      '0123456789abcdef.2.1.1.0',
      '0123456789abcdef.1.1.1.0.1',
      '0123456789abcdef.-1.1.1.0',
    ])
      expect(parseVisit(bad), bad).toBeNull();
  });
});

describe('the engagement goals', () => {
  it('reaches 60 seconds at 60 s and not a moment before', () => {
    const visit = begun();
    expect(dueGoals(visit, T0 + 59_999)).toEqual([]);
    expect(dueGoals(visit, T0 + 60_000)).toEqual(['visit_60s']);
    expect(nextGoalAt(visit)).toBe(T0 + 60_000);
  });

  it('reaches "more than 3 minutes" at 3 minutes whatever the visitor does, and the involved visit only with an interaction', () => {
    const idle = withGoals(begun(), ['visit_60s']);
    expect(nextGoalAt(idle)).toBe(T0 + 180_000);
    expect(dueGoals(idle, T0 + 179_999)).toEqual([]);
    expect(dueGoals(idle, T0 + 180_000)).toEqual(['visit_over_3min']);
    // No interaction yet: no timer waits for the involved visit…
    expect(nextGoalAt(withGoals(idle, ['visit_over_3min']))).toBeNull();
    // …the first interaction after 3 minutes fires it.
    const active = markInvolved(withGoals(idle, ['visit_over_3min']), T0 + 200_000);
    expect(dueGoals(active, T0 + 200_000)).toEqual(['visit_3min']);
    // An interaction before 3 minutes: both at 3 minutes.
    const early = markInvolved(idle, T0 + 30_000);
    expect(dueGoals(early, T0 + 179_999)).toEqual([]);
    expect(dueGoals(early, T0 + 180_000)).toEqual(['visit_over_3min', 'visit_3min']);
  });

  it('reaches two pages on the second page, which is an interaction too', () => {
    const second = countPage(begun(), T0 + 5 * S);
    expect(second.involved).toBe(true);
    expect(dueGoals(second, T0 + 5 * S)).toEqual(['two_pages']);
  });

  it('fires each goal once per visit', () => {
    let visit = markInvolved(countPage(begun(), T0 + S), T0 + S);
    const all = dueGoals(visit, T0 + 600_000);
    expect(all.sort()).toEqual(['two_pages', 'visit_3min', 'visit_60s', 'visit_over_3min']);
    visit = withGoals(visit, all);
    expect(dueGoals(countPage(visit, T0 + 700_000), T0 + 700_000)).toEqual([]);
    expect(nextGoalAt(visit)).toBeNull();
  });
});
