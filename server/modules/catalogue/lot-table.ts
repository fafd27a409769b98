/**
 * The lots as columns (typed arrays), with the strings that repeat interned: what the snapshot holds of them
 * (snapshot.ts) and what the lots' columns file keeps (snapshot-file.ts).
 */
export class Interner {
  readonly values: string[] = [];
  private readonly map = new Map<string, number>();
  add(value: string): number {
    let code = this.map.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.map.set(value, code);
    }
    return code;
  }
}

export type LotTable = {
  size: number;
  id: Int32Array;
  project: Uint32Array;
  building: Uint32Array;
  section: Uint32Array;
  floorNode: Uint32Array;
  type: Uint8Array;
  status: Uint8Array;
  /** -1 for lots without rooms */
  rooms: Int8Array;
  euro: Uint8Array;
  area: Float64Array;
  livingArea: Float64Array;
  kitchenArea: Float64Array;
  price: Float64Array;
  pricePerM2: Float64Array;
  /** NaN when none */
  oldPrice: Float64Array;
  ceiling: Float64Array;
  floor: Int16Array;
  position: Int16Array;
  finish: Uint8Array;
  /** Interned strings: '' stands for null. */
  view: Uint32Array;
  completion: Uint32Array;
  layout: Uint32Array;
  shape: Uint32Array;
  windows: Uint32Array;
  features: Uint32Array;
  number: string[];
  /** Index into `commercial`, -1 for other lots. */
  commercial: Int32Array;
  /** Index into the snapshot's `auctions.rows` while the lot's auction is announced or live (its status `auction`), -1 otherwise. */
  auction: Int32Array;
  /**
   * The lot's sun (lot_insolation; read it with `lotSun`): minutes of direct sun on 21 March, 22 June, 22 December,
   * -1 for a lot without a computed row (no windows); `sunNormMet` 1 when it meets SanPiN 1.2.3685-21.
   */
  sunMarch: Int16Array;
  sunJune: Int16Array;
  sunDecember: Int16Array;
  sunNormMet: Uint8Array;
  /** Interned list (`strings.lists`) of `side:tag` pairs, e.g. `south:park,north:courtyard`: read with `lotViews` / `lotViewTags`. */
  windowViews: Uint32Array;
  strings: { view: Interner; completion: Interner; layout: Interner; shape: Interner; lists: Interner };
};

export const emptyStrings = (): LotTable['strings'] => ({
  view: new Interner(),
  completion: new Interner(),
  layout: new Interner(),
  shape: new Interner(),
  lists: new Interner(),
});

export function lotTable(n: number, strings: LotTable['strings']): LotTable {
  return {
    size: n,
    id: new Int32Array(n),
    project: new Uint32Array(n),
    building: new Uint32Array(n),
    section: new Uint32Array(n),
    floorNode: new Uint32Array(n),
    type: new Uint8Array(n),
    status: new Uint8Array(n),
    rooms: new Int8Array(n),
    euro: new Uint8Array(n),
    area: new Float64Array(n),
    livingArea: new Float64Array(n),
    kitchenArea: new Float64Array(n),
    price: new Float64Array(n),
    pricePerM2: new Float64Array(n),
    oldPrice: new Float64Array(n),
    ceiling: new Float64Array(n),
    floor: new Int16Array(n),
    position: new Int16Array(n),
    finish: new Uint8Array(n),
    view: new Uint32Array(n),
    completion: new Uint32Array(n),
    layout: new Uint32Array(n),
    shape: new Uint32Array(n),
    windows: new Uint32Array(n),
    features: new Uint32Array(n),
    number: new Array<string>(n),
    commercial: new Int32Array(n),
    auction: new Int32Array(n).fill(-1),
    sunMarch: new Int16Array(n).fill(-1),
    sunJune: new Int16Array(n).fill(-1),
    sunDecember: new Int16Array(n).fill(-1),
    sunNormMet: new Uint8Array(n),
    windowViews: new Uint32Array(n),
    strings,
  };
}
