import { describe, expect, it } from 'vitest';
import { computeProjectInsolation, SILL_M, STOREY_M, type InsolationProject, type SkippedOutline } from './compute.ts';
import { facadePoint, footprints, OutlineError, parsePath } from './geometry.ts';
import { countedPeriods, flatNorm, meets, normZone } from './norm.ts';

/**
 * The sun figures checked against an independent calculation, written out by hand below with the NOAA solar
 * formulas (not suncalc): for a wall facing azimuth A at latitude φ on a day of declination δ, the sun is up while
 * its hour angle H is within ±H0, cos H0 = (sin h0 − sin φ sin δ) / (cos φ cos δ), with h0 = −0.57° (the centre of
 * the sun at the horizon, seen through the refraction, which is what "above the horizon" means here); it is due
 * east or west (azimuth 90° / 270°) when cos H = tan δ / tan φ. Minutes = hour angle in degrees × 4. Each asserted
 * within 15 minutes.
 *
 * The place: φ = 55.8° N, λ = 37.6° E (Moscow, like the demo). sin φ = 0.8271, cos φ = 0.5621, tan φ = 1.4715,
 * sin h0 = −0.00995. Declinations (2026): 21 March +0.3° (the equinox was 20 March 14:46 UTC), 22 April +11.9°,
 * 22 June +23.44°, 22 December −23.44°.
 */

const LAT = 55.8;
const LNG = 37.6;
/** One slab, 40 m × 16 m (200 × 80 px at 0.2 m/px), 9 storeys, alone on the plan; one lot per side on floor `floor`. */
function oneLot(windows: string[], rooms: number | null = 1, floor = 3, extra: Partial<InsolationProject> = {}): InsolationProject {
  return {
    lat: LAT,
    lng: LNG,
    frame: { scale: 0.2, north: 0 },
    buildings: [{ id: 1, number: 1, outline: 'M400 400L600 400L600 480L400 480Z', floors: 9, sections: [{ id: 10, number: 1 }] }],
    neighbours: [],
    lots: [{ id: 100, buildingId: 1, sectionId: 10, floor, position: 0, rooms, windows, view: null }],
    viewRules: [],
    ...extra,
  };
}
const only = (p: InsolationProject) => computeProjectInsolation(p)[0]!;

describe('hours of direct sun, against the hand calculation', () => {
  it('lot 1: a south window on 22 December has the sun from sunrise to sunset', () => {
    // δ = −23.44°: sin δ = −0.3978, cos δ = 0.9175. The sun rises south of east, so a south wall sees it all day.
    // cos H0 = (−0.00995 + 0.8271 × 0.3978) / (0.5621 × 0.9175) = 0.31907 / 0.51573 = 0.6187 → H0 = 51.78°.
    // Day: 2 × 51.78° × 4 = 414 minutes.
    expect(only(oneLot(['south'])).minutes.december).toBeGreaterThanOrEqual(414 - 15);
    expect(only(oneLot(['south'])).minutes.december).toBeLessThanOrEqual(414 + 15);
  });

  it('lot 2: an east window on 21 March has the sun from sunrise to solar noon', () => {
    // δ = +0.3°: sin δ = 0.00524. cos H0 = (−0.00995 − 0.8271 × 0.00524) / 0.5621 = −0.0254 → H0 = 91.46°:
    // sunrise to noon (azimuth 180°, where the sun leaves the east wall's half-space) = 91.46 × 4 = 366 minutes.
    const m = only(oneLot(['east'])).minutes.march;
    expect(Math.abs(m - 366)).toBeLessThanOrEqual(15);
  });

  it('lot 3: a north window on 22 June has the sun early and late, while it is north of east and west', () => {
    // δ = +23.44°: tan δ = 0.4335, sin δ = 0.3978, cos δ = 0.9175. Due east at cos H = 0.4335 / 1.4715 = 0.2946 →
    // H = 72.87°. cos H0 = (−0.00995 − 0.8271 × 0.3978) / (0.5621 × 0.9175) = −0.6572 → H0 = 131.09°.
    // North of the east–west line from sunrise to due east and from due west to sunset: 2 × (131.09 − 72.87) × 4 = 466.
    const m = only(oneLot(['north'])).minutes.june;
    expect(Math.abs(m - 466)).toBeLessThanOrEqual(15);
  });

  it('lot 4: a south window behind a long wall: at the equinox the sun keeps one elevation over a south wall, 90° − φ', () => {
    // On 21 March the sun's path is (nearly) a great circle through east and west, so over a south facade the sun's
    // profile angle is 90° − 55.8° = 34.2° (tan 0.68) all day. A 20 km long wall D = 30 m to the south, its top
    // ΔH above the window: sun for every minute in front of the wall when ΔH / D < 0.68, none when above (the wall's ends are 10 km
    // off: the sun passes beside them only past γ = 89.8°).
    // In front: from due east (cos H = 0.00524 / 1.4715 → H = 89.80°) to due west: 2 × 89.80 × 4 = 718 minutes.
    // Above: none, but for the refraction, which lifts the sun by up to 0.57° (0.0099) at the horizon: the profile's
    // tangent becomes 0.68 + 0.0099 / cos γ (γ: the sun's azimuth off south), over 2.0 only for γ > 89.6°: the first
    // and last few minutes of the day.
    const sill = (3 - 1) * STOREY_M + SILL_M; // floor 3
    const wall = (top: number) => [{ outline: `M-49500 ${480 + 150}L50500 ${480 + 150}L50500 ${480 + 160}L-49500 ${480 + 160}Z`, height: sill + top }];
    const low = only(oneLot(['south'], 1, 3, { neighbours: wall(15) })).minutes.march; // 15 / 30 = 0.5
    const high = only(oneLot(['south'], 1, 3, { neighbours: wall(60) })).minutes.march; // 60 / 30 = 2.0
    expect(Math.abs(low - 718)).toBeLessThanOrEqual(15);
    expect(high).toBeLessThanOrEqual(15);
  });
});

describe('the insolation norm (SanPiN 1.2.3685-21)', () => {
  it('zones by latitude, with their continuous norm and calculation day', () => {
    expect(normZone(59)).toMatchObject({ zone: 'north', required: 150, month: 4, day: 22 });
    expect(normZone(55.8)).toMatchObject({ zone: 'central', required: 120, month: 4, day: 22 });
    expect(normZone(45)).toMatchObject({ zone: 'south', required: 90, month: 2, day: 22 });
  });

  it('continuous, intermittent (one break, one period ≥ 1 h, total + 0.5 h), or not', () => {
    expect(meets([[600, 720]], 120)).toBe('continuous');
    expect(
      meets(
        [
          [600, 700],
          [760, 810],
        ],
        120,
      ),
    ).toBe('intermittent'); // 100 + 50 = 150 = 120 + 30, the 100 ≥ 60
    expect(
      meets(
        [
          [600, 655],
          [700, 755],
          [800, 855],
        ],
        120,
      ),
    ).toBeNull(); // periods under an hour each
    expect(
      meets(
        [
          [600, 700],
          [760, 800],
        ],
        120,
      ),
    ).toBeNull(); // 140 < 150
  });

  it('the first and last hour of the day do not count', () => {
    const lit = new Uint8Array(1440).fill(1);
    expect(countedPeriods(lit, 300, 1200, 60)).toEqual([[360, 1140]]);
  });

  it('rooms: one of a 1–3-room flat, two of 4+; half an hour less when two (three) rooms are insolated', () => {
    const rule = normZone(55.8);
    const hours = (min: number): [number, number][] => [[600, 600 + min]];
    expect(flatNorm(rule, [hours(120), hours(0)])).toEqual({ met: true, zone: 'central', variant: 'continuous' });
    expect(flatNorm(rule, [hours(120), hours(0), hours(0), hours(0)]).met).toBe(false);
    expect(flatNorm(rule, [hours(95), hours(95)])).toEqual({ met: true, zone: 'central', variant: 'reduced' });
    expect(flatNorm(rule, [hours(95), hours(0)]).met).toBe(false);
  });

  it('a north-only flat in Moscow fails; a south one passes', () => {
    // 22 April, δ = +11.9°: due east at cos H = 0.2107 / 1.4715 → H = 81.77°; cos H0 = (−0.00995 − 0.8271 × 0.2062)
    // / (0.5621 × 0.9785) = −0.3282 → H0 = 109.16°. A north wall has (109.16 − 81.77) × 4 = 110 minutes each side of
    // the day, 50 of them counted after the first hour: 50 + 50, neither two hours nor 1 h + a total of 2.5 h.
    expect(only(oneLot(['north']))).toMatchObject({ normMet: false, normRule: 'central/none' });
    expect(only(oneLot(['south']))).toMatchObject({ normMet: true, normRule: 'central/continuous' });
    expect(only(oneLot(['south'], null))).toMatchObject({ normMet: false, normRule: 'central/not-flat' });
  });
});

describe('the master plan in metres', () => {
  it('reads absolute and relative path data', () => {
    expect(parsePath('M0 0L10 0L10 5Z')).toEqual([
      [
        [0, 0],
        [10, 0],
        [10, 5],
      ],
    ]);
    expect(parsePath('m0 0 h10 v5 h-10 z')).toEqual([
      [
        [0, 0],
        [10, 0],
        [10, 5],
        [0, 5],
      ],
    ]);
  });

  it('reads curves and arcs as short straight walls, relative ones from the current point', () => {
    // A cubic, a smooth cubic (its first control point the reflection of the last), a quadratic and a smooth one: each
    // ends exactly where its segment ends, the points between lie on the curve.
    const [cubic] = parsePath('M0 0 C0 10 10 10 10 0 s10 -10 10 0 Z');
    expect(cubic).toContainEqual([10, 0]);
    expect(cubic!.at(-1)).toEqual([20, 0]);
    expect(cubic![4]![1]).toBeCloseTo(7.5, 6); // the first curve's middle: (0 + 3·10 + 3·10 + 0) / 8
    const [quad] = parsePath('m0,0 q5,10 10,0 t10,0 z');
    expect(quad![4]).toEqual([5, 5]); // middle of the first: (0 + 2·10 + 0) / 4
    expect(quad!.at(-1)).toEqual([20, 0]);
    expect(quad![12]![1]).toBeCloseTo(-5, 6); // the smooth one bends the other way
    // A half circle of radius 5 round (5, 0), its flags written without separators, every point on the circle.
    const [arc] = parsePath('M0 0a5 5 0 0110 0z');
    expect(arc!.length).toBeGreaterThan(4);
    expect(arc!.at(-1)).toEqual([10, 0]);
    for (const [x, y] of arc!) expect(Math.hypot(x - 5, y)).toBeCloseTo(5, 6);
    // A rounded building: four walls with arcs at the corners.
    expect(parsePath('M10 0H90A10 10 0 0 1 100 10V40A10 10 0 0 1 90 50H10A10 10 0 0 1 0 40V10A10 10 0 0 1 10 0Z')).toHaveLength(1);
  });

  it('refuses path data it cannot read, and the computation leaves that outline out instead of failing', () => {
    expect(() => parsePath('M0 0 L10 0 X 5 5')).toThrow(OutlineError);
    expect(() => parsePath('M0 0 L10')).toThrow(OutlineError);
    expect(() => parsePath('M0 0 A5 5 0 2 1 10 0')).toThrow(OutlineError);
    const skipped: SkippedOutline[] = [];
    const project: InsolationProject = {
      ...oneLot(['south']),
      buildings: [
        { id: 1, number: 1, outline: 'M400 400L600 400L600 480L400 480Z', floors: 9, sections: [{ id: 10, number: 1 }] },
        { id: 2, number: 2, outline: 'M400 700 L600 700 ??', floors: 9, sections: [{ id: 20, number: 1 }] },
      ],
      neighbours: [{ outline: 'M0 0 L10 0 L', height: 30 }],
      lots: [...oneLot(['south']).lots, { ...oneLot(['south']).lots[0]!, id: 200, buildingId: 2, sectionId: 20 }],
    };
    const results = computeProjectInsolation(project, (s) => skipped.push(s));
    // The readable building's lot is computed as if alone; the unreadable one's lot gets no figures (not "not met").
    expect(results).toEqual([only(oneLot(['south']))]);
    expect(skipped.map((s) => s.kind)).toEqual(['building', 'neighbour']);
    expect(skipped[0]).toMatchObject({ buildingId: 2, number: 2 });
  });

  it('a corner flat is judged on its sunniest side, whatever order its window sides are stored in', () => {
    // One room, windows north and west: the west wall has the afternoon sun (the norm met), the north one has not.
    expect(only(oneLot(['north', 'west']))).toMatchObject({ normMet: true, normRule: 'central/continuous' });
    expect(only(oneLot(['west', 'north']))).toEqual(only(oneLot(['north', 'west'])));
    expect(only(oneLot(['east', 'south', 'north'], 2))).toEqual(only(oneLot(['north', 'east', 'south'], 2)));
  });

  it('a side whose window has no place on the footprint gets the default view, not the previous side’s', () => {
    // A footprint with no width west to east: no north window can sit on it; its east one looks at building 2.
    const flat = oneLot(['east', 'north'], 1, 3, {
      buildings: [
        { id: 1, number: 1, outline: 'M400 400L400 480L400 560Z', floors: 9, sections: [{ id: 10, number: 1 }] },
        { id: 2, number: 2, outline: 'M700 300L780 300L780 700L700 700Z', floors: 9, sections: [{ id: 20, number: 1 }] },
      ],
    });
    expect(only(flat).views).toEqual({ east: ['courtyard'], north: ['street'] });
  });

  it("turns with the plan's north: a plan whose north points right has its top wall facing west", () => {
    const [poly] = footprints('M0 0L100 0L100 50L0 50Z', { scale: 1, north: 90 });
    expect(facadePoint(poly!, 270, 0.5)?.facing).toBeCloseTo(270, 6);
    const [upright] = footprints('M0 0L100 0L100 50L0 50Z', { scale: 1, north: 0 });
    expect(facadePoint(upright!, 0, 0.5)?.facing).toBeCloseTo(0, 6);
  });

  it('view tags: a neighbouring building of the project ahead is a courtyard; the lot’s own view wins; an editor’s rule wins over both', () => {
    const two: InsolationProject = {
      ...oneLot(['south']),
      buildings: [
        { id: 1, number: 1, outline: 'M400 400L600 400L600 480L400 480Z', floors: 9, sections: [{ id: 10, number: 1 }] },
        { id: 2, number: 2, outline: 'M400 700L600 700L600 780L400 780Z', floors: 9, sections: [{ id: 20, number: 1 }] },
      ],
    };
    expect(only(two).views).toEqual({ south: ['courtyard'] });
    expect(only(oneLot(['south'])).views).toEqual({ south: ['street'] });
    expect(
      only({ ...two, viewRules: [{ buildingNumber: 1, sectionNumber: null, floorFrom: 1, floorTo: 5, side: 'south', tags: ['park', 'water'] }] }).views,
    ).toEqual({
      south: ['park', 'water'],
    });
    // The developer's catalogue says the lot looks at the park: every side without an editor's rule says so.
    const park = (p: InsolationProject): InsolationProject => ({ ...p, lots: p.lots.map((l) => ({ ...l, windows: ['south', 'north'], view: 'park' })) });
    expect(only(park(two)).views).toEqual({ south: ['park'], north: ['park'] });
    expect(
      only({ ...park(two), viewRules: [{ buildingNumber: 1, sectionNumber: null, floorFrom: 1, floorTo: 5, side: 'north', tags: ['water'] }] }).views,
    ).toEqual({ south: ['park'], north: ['water'] });
  });
});
