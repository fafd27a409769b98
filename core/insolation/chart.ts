import { sunTrack } from './sun.ts';
import { SUN_DATES, SUN_SEASONS, type SunSeason, type WindowSide } from './types.ts';

/**
 * What the lot page draws of a day: the sun's altitude over the day (solar time) and which part of its path is in
 * front of the lot's windows. Shading is in the lot's minutes (lot_insolation), not on the arc.
 */
export type SunArc = {
  season: SunSeason;
  /** Every 20 minutes while the sun is up: [minute of the solar day, altitude in degrees, 1 when in front of a window]. */
  points: [number, number, 0 | 1][];
  /** Highest altitude of the day, degrees. */
  noon: number;
};

const STEP = 20;
const SIDE: Record<WindowSide, number> = { north: 0, east: 90, south: 180, west: 270 };

export function sunArcs(lat: number, lng: number, sides: readonly WindowSide[]): SunArc[] {
  return SUN_SEASONS.map((season) => {
    const [month, day] = SUN_DATES[season];
    const track = sunTrack(month, day, lat, lng);
    const points: SunArc['points'] = [];
    for (let m = 0; m < 1440; m += STEP) {
      const alt = track.altitude[m]!;
      if (alt <= 0) continue;
      const az = track.azimuth[m]!;
      const front = sides.some((side) => Math.cos(((az - SIDE[side]) * Math.PI) / 180) > 0);
      points.push([m, Math.round(alt * 10) / 10, front ? 1 : 0]);
    }
    return { season, points, noon: Math.max(0, ...points.map((p) => p[1])) };
  });
}
