import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { renderInRoute } from '#tests/fixtures/dom.tsx';
import { SunPassport } from './sun-passport.tsx';

/**
 * The passport's verdict says the norm of the project's own zone (issue #41): the verdict is computed per zone from
 * the project's latitude (core/insolation/norm.ts), so the rule in words under it must be that zone's too.
 */
afterEach(cleanup);
const lot = { sun: { march: 12, june: 464, december: 0, normMet: false }, windowViews: { north: ['park' as const] } };

describe("the sun passport's norm", () => {
  it.each(['north', 'central', 'south'] as const)('explains the %s zone’s rule under the verdict', (zone) => {
    renderInRoute(<SunPassport lot={lot} chart={{ arcs: [], zone }} />, { locale: 'ru', path: '/lipovy/flat/22' });
    const verdict = screen.getByText(ru.insolation.norm.notMet, { exact: false }).closest('[data-sun-norm]')!;
    expect(verdict.textContent).toContain(ru.insolation.norm.hints[zone]);
  });

  it('says 2.5 hours in the north, 2 in the central zone and 1.5 in the south, each with its season', () => {
    expect(ru.insolation.norm.hints.north).toMatch(/2,5 часа.*22 апреля по 22 августа/);
    expect(ru.insolation.norm.hints.central).toMatch(/2 часов.*22 апреля по 22 августа/);
    expect(ru.insolation.norm.hints.south).toMatch(/1,5 часа.*22 февраля по 22 октября/);
  });
});
