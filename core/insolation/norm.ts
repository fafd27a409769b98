/**
 * The insolation norm for flats: SanPiN 1.2.3685-21 «Гигиенические нормативы и требования к обеспечению безопасности
 * и (или) безвредности для человека факторов среды обитания», chapter V, table 5.58 («Нормируемая продолжительность
 * непрерывной инсоляции») and its notes, which carry over SanPiN 2.2.1/2.1.1.1076-01 (the earlier norm) nearly word
 * for word. As written here (docs/guides/insolation.md, ADR on insolation):
 *
 * - Zones by latitude: northern, north of 58° N — 2.5 h; central, 58° N to 48° N — 2.0 h; southern, south of 48° N —
 *   1.5 h of continuous insolation.
 * - The season: 22 April – 22 August in the northern and central zones, 22 February – 22 October in the southern one.
 *   The sun is lowest on the season's first (and last) day, so the norm is checked on that day: 22 April or
 *   22 February (the calculation day; the page's three dates — 21 March, 22 June, 22 December — only describe).
 * - What counts: at least one living room of a 1–3-room flat (a studio's one room), at least two of a flat of four
 *   rooms or more.
 * - Not counted: the first hour after sunrise and the last before sunset (northern and central zones), an hour and a
 *   half in the southern zone.
 * - Variant «intermittent»: the insolation may be broken once, if one of the two periods lasts at least an hour and
 *   their sum is half an hour more than the continuous norm.
 * - Variant «reduced»: in the northern and central zones the norm is half an hour less for 2- and 3-room flats where at
 *   least two rooms are insolated, and for flats of four rooms or more where at least three are.
 * (The norm's other variant, half an hour less when rebuilding in a city's historic centre, depends on the project's
 * planning status, which the catalogue does not record: not applied.)
 */

export type NormZone = 'north' | 'central' | 'south';
export type NormVariant = 'continuous' | 'intermittent' | 'reduced';

export type NormZoneRule = {
  zone: NormZone;
  /** Minutes of continuous insolation. */
  required: number;
  /** The calculation day: the season's first. */
  month: number;
  day: number;
  /** Minutes after sunrise and before sunset not counted. */
  edge: number;
  /** Whether the "two (three) rooms, half an hour less" variant exists in the zone. */
  reducible: boolean;
};

export function normZone(lat: number): NormZoneRule {
  if (lat > 58) return { zone: 'north', required: 150, month: 4, day: 22, edge: 60, reducible: true };
  if (lat >= 48) return { zone: 'central', required: 120, month: 4, day: 22, edge: 60, reducible: true };
  return { zone: 'south', required: 90, month: 2, day: 22, edge: 90, reducible: false };
}

/** Half an hour: what an intermittent insolation adds to the norm, and what the reduced variant takes off. */
export const HALF_HOUR = 30;
/** The shortest of the two periods of an intermittent insolation may not be shorter than one of them being an hour. */
export const LONG_PERIOD = 60;

/** Sunlit periods of one day, minutes [from, to), sorted. */
export type Periods = [number, number][];

/** The sunlit minutes (a mask over the day) as periods, leaving out the minutes the norm does not count. */
export function countedPeriods(lit: Uint8Array, sunrise: number, sunset: number, edge: number): Periods {
  const from = Number.isFinite(sunrise) ? Math.ceil(sunrise + edge) : 0;
  const to = Number.isFinite(sunset) ? Math.floor(sunset - edge) : lit.length;
  const out: Periods = [];
  let open = -1;
  for (let m = Math.max(0, from); m <= Math.min(lit.length, to); m++) {
    const on = m < to && lit[m] === 1;
    if (on && open < 0) open = m;
    if (!on && open >= 0) {
      out.push([open, m]);
      open = -1;
    }
  }
  return out;
}

/** Whether periods meet `required` minutes continuously, or (intermittent) in two periods summing half an hour more, one of them an hour at least. */
export function meets(periods: Periods, required: number): 'continuous' | 'intermittent' | null {
  const lengths = periods.map(([a, b]) => b - a);
  if (lengths.some((l) => l >= required)) return 'continuous';
  for (let i = 0; i < lengths.length; i++)
    for (let j = i + 1; j < lengths.length; j++)
      if (lengths[i]! + lengths[j]! >= required + HALF_HOUR && Math.max(lengths[i]!, lengths[j]!) >= LONG_PERIOD) return 'intermittent';
  return null;
}

/** Living rooms of a flat the norm asks to be insolated: one of a studio or a 1–3-room flat, two of four rooms or more. */
export const roomsRequired = (rooms: number): number => (rooms >= 4 ? 2 : 1);

export type NormResult = { met: boolean; zone: NormZone; variant: NormVariant | null };

/** `norm_rule` as stored: `<zone>/<variant>`, or `<zone>/none` when not met. */
export const normRule = (r: NormResult): string => `${r.zone}/${r.variant ?? 'none'}`;

/**
 * The norm for one flat from its rooms' counted periods on the calculation day (one entry per living room; a studio
 * has one).
 */
export function flatNorm(rule: NormZoneRule, roomPeriods: Periods[]): NormResult {
  const rooms = roomPeriods.length;
  const need = roomsRequired(rooms);
  const full = roomPeriods.map((p) => meets(p, rule.required));
  const passing = full.filter((v) => v !== null);
  if (passing.length >= need) {
    const variant = passing.includes('continuous') && full.filter((v) => v === 'continuous').length >= need ? 'continuous' : 'intermittent';
    return { met: true, zone: rule.zone, variant };
  }
  if (rule.reducible && rooms >= 2) {
    const reduced = roomPeriods.filter((p) => meets(p, rule.required - HALF_HOUR) !== null).length;
    if (reduced >= (rooms >= 4 ? 3 : 2)) return { met: true, zone: rule.zone, variant: 'reduced' };
  }
  return { met: false, zone: rule.zone, variant: null };
}
