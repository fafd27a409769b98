import { getPosition, getTimes } from 'suncalc';

/**
 * The sun's track over one day at a place, minute by minute (suncalc: NOAA/Meeus formulas, apparent altitude with
 * refraction), from local solar midnight: what every window of the place is tested against.
 */
export type SunTrack = {
  /** Minute 0 is local mean solar midnight: UTC midnight shifted by the longitude (4 minutes a degree). */
  start: number;
  /** Degrees above the horizon at the middle of each of the day's 1440 minutes. */
  altitude: Float64Array;
  /** Degrees clockwise from north. */
  azimuth: Float64Array;
  /** The sun's direction on the ground (east, north components of a unit vector) and the tangent of its altitude, per minute. */
  east: Float64Array;
  north: Float64Array;
  tan: Float64Array;
  /** Minutes (from `start`) of sunrise and sunset; NaN in a polar day or night. */
  sunrise: number;
  sunset: number;
};

/** The reference year of the computation: the sun's path on a date differs from year to year by seconds. */
export const REFERENCE_YEAR = 2026;

export function sunTrack(month: number, day: number, lat: number, lng: number, year = REFERENCE_YEAR): SunTrack {
  const start = Date.UTC(year, month - 1, day) - (lng / 15) * 3_600_000;
  const altitude = new Float64Array(1440);
  const azimuth = new Float64Array(1440);
  const east = new Float64Array(1440);
  const north = new Float64Array(1440);
  const tan = new Float64Array(1440);
  for (let m = 0; m < 1440; m++) {
    const p = getPosition(new Date(start + (m + 0.5) * 60_000), lat, lng);
    altitude[m] = p.altitude;
    azimuth[m] = p.azimuth;
    east[m] = Math.sin((p.azimuth * Math.PI) / 180);
    north[m] = Math.cos((p.azimuth * Math.PI) / 180);
    tan[m] = Math.tan((p.altitude * Math.PI) / 180);
  }
  const times = getTimes(new Date(start + 720 * 60_000), lat, lng);
  const minute = (d: Date | null) => (d ? (d.getTime() - start) / 60_000 : Number.NaN);
  return { start, altitude, azimuth, east, north, tan, sunrise: minute(times.sunrise), sunset: minute(times.sunset) };
}
