import { eachRow } from '../../db/array-rows.ts';
import { RowFields, SEPARATOR } from '../../db/row-fields.ts';
import type { Executor } from '../../db/client.ts';
import type { lots } from './schema.ts';

type LotRow = typeof lots.$inferSelect;
/** What the snapshot keeps of a lot's row: the columns snapshot-lots.ts reads. */
export type LotInput = Pick<
  LotRow,
  | 'id'
  | 'floorId'
  | 'type'
  | 'status'
  | 'number'
  | 'position'
  | 'rooms'
  | 'euro'
  | 'area'
  | 'livingArea'
  | 'kitchenArea'
  | 'price'
  | 'pricePerM2'
  | 'oldPrice'
  | 'finish'
  | 'ceiling'
  | 'view'
  | 'windows'
  | 'features'
  | 'completion'
  | 'layout'
  | 'shape'
>;

/**
 * The snapshot's read of the lots (ADR 005, "Loading 1M lots"): the columns it keeps in the order the lot index needs
 * (by project, building, section, floor, place, id), each row as one text of its fields joined by the unit separator
 * (U+001F, which no field holds) and read in place (row-fields.ts). The drivers cost most per field (pg decodes each
 * into a string through a native call: two thirds of a million-lot read with 22 fields a row), not per byte. NULL is
 * an empty field; `numeric` and `bigint` columns are printed as their own decimals and read to the nearest double,
 * as drizzle reads them, so `buildSnapshot` over drizzle rows builds the same snapshot. (Cast to float8 first,
 * PostgreSQL spent more on the casts than on the rest of the row: numeric to float8 goes through a text.)
 * A column the snapshot starts to keep is added here, to `LotInput` and to the builder's `add`.
 */
const FIELDS = [
  'id',
  'floor_id',
  'type',
  'status',
  'number',
  'position',
  'rooms',
  'euro::int',
  'area',
  'living_area',
  'kitchen_area',
  'price',
  'price_per_m2',
  'old_price',
  'finish',
  'ceiling',
  'view',
  'windows',
  'features',
  'completion',
  'layout',
  'shape',
];
/**
 * The free-text columns: a U+001F in one (a pasted cell, a feed) would shift every later field and refuse every load
 * after it, so the read shows it as a space (the import refuses it too). The others are enums, numbers and JSON, whose
 * text never holds it.
 */
const FREE_TEXT = new Set(['number', 'view', 'completion', 'layout', 'shape']);
const ROW = `concat_ws(chr(31), ${FIELDS.map((f) => (FREE_TEXT.has(f) ? `replace(coalesce(${f}, ''), chr(31), ' ')` : `coalesce((${f})::text, '')`)).join(', ')})`;

/** Lots handed to the builder at a time (`add` keeps none of the objects: they are filled again for the next batch). */
const BATCH = 2048;

/**
 * Every lot of the projects `from`..`to` (ids) in the index's order, in batches to `add` (along `lots_load_order_idx`
 * when the caller's transaction turns sorts off, as `loadSnapshot` does). The lists (windows, features) repeat: each
 * distinct text is parsed once and its array shared, which the builder interns by identity.
 */
export async function readLots(db: Executor, from: number, to: number, add: (lots: readonly LotInput[]) => void): Promise<void> {
  const lists = new Map<string, string[]>();
  const listOf = (text: string): string[] => {
    let list = lists.get(text);
    if (!list) lists.set(text, (list = JSON.parse(text) as string[]));
    return list;
  };
  // The batch's objects are made once and filled again for every batch: `add` copies what it keeps (the lists are
  // the shared arrays above), so a million lots make no million objects for the collector.
  const batch: LotInput[] = [];
  let size = 0;
  const f = new RowFields();
  await eachRow(
    db,
    `select ${ROW} from lots where project_id between $1 and $2 order by project_id, building_id, section_id, floor, position, id`,
    [from, to],
    (row) => {
      const text = row[0] as string;
      f.row(text);
      const lot = size < batch.length ? batch[size]! : (batch[size] = {} as LotInput);
      lot.id = f.number();
      lot.floorId = f.number();
      lot.type = f.string() as LotInput['type'];
      lot.status = f.string() as LotInput['status'];
      lot.number = f.string();
      lot.position = f.number();
      lot.rooms = f.nullable();
      lot.euro = f.string() === '1';
      lot.area = f.number();
      lot.livingArea = f.nullable();
      lot.kitchenArea = f.nullable();
      lot.price = f.number();
      lot.pricePerM2 = f.number();
      lot.oldPrice = f.nullable();
      lot.finish = f.string() as LotInput['finish'];
      lot.ceiling = f.number();
      lot.view = f.string() || null;
      lot.windows = listOf(f.string());
      lot.features = listOf(f.string());
      lot.completion = f.string() || null;
      lot.layout = f.string();
      lot.shape = f.string();
      // A text field holding the separator would shift every later field: refuse the read rather than misplace them.
      if (!f.done(FIELDS.length)) {
        const count = RowFields.count(text);
        throw new Error(`a lot's row has ${count} fields, not ${FIELDS.length}: a text field holds U+001F (lot ${text.slice(0, text.indexOf(SEPARATOR))})`);
      }
      size += 1;
      if (size === BATCH) {
        add(batch);
        size = 0;
      }
    },
  );
  if (size) add(batch.slice(0, size));
}

/**
 * The lots' sun and views (lot_insolation) as columns, in no order: `views` is each row's `side:tag` pairs joined
 * (`lotViews` reads them back), the same text for the same views.
 */
export type InsolationColumns = {
  size: number;
  lotId: Int32Array;
  march: Int16Array;
  june: Int16Array;
  december: Int16Array;
  normMet: Uint8Array;
  views: string[];
};

const insolationColumnsOf = (capacity: number): InsolationColumns => ({
  size: 0,
  lotId: new Int32Array(capacity),
  march: new Int16Array(capacity),
  june: new Int16Array(capacity),
  december: new Int16Array(capacity),
  normMet: new Uint8Array(capacity),
  views: new Array<string>(capacity),
});

/** A row's views (`{ south: ['park'] }`) as the snapshot keeps them: `south:park`, pairs joined by commas. */
export const viewPairs = (views: Partial<Record<string, readonly string[] | undefined>>): string =>
  Object.entries(views)
    .flatMap(([side, tags]) => (tags ?? []).map((tag) => `${side}:${tag}`))
    .join(',');

/** Rows given as objects (the tests that build a snapshot from rows) as columns. */
export function insolationColumns(
  rows: readonly {
    lotId: number;
    marchMinutes: number;
    juneMinutes: number;
    decemberMinutes: number;
    normMet: boolean;
    views: Partial<Record<string, readonly string[] | undefined>>;
  }[],
): InsolationColumns {
  const out = insolationColumnsOf(rows.length);
  rows.forEach((r, k) => {
    out.lotId[k] = r.lotId;
    out.march[k] = r.marchMinutes;
    out.june[k] = r.juneMinutes;
    out.december[k] = r.decemberMinutes;
    out.normMet[k] = r.normMet ? 1 : 0;
    out.views[k] = viewPairs(r.views);
  });
  out.size = rows.length;
  return out;
}

/**
 * Every lot_insolation row straight into columns (array rows, no row objects: a million lots have about as many).
 * Views repeat (a few dozen distinct ones at 1M): each distinct JSON text is parsed once. `expected`: about how many.
 */
export async function readInsolation(db: Executor, expected = 0): Promise<InsolationColumns> {
  let out = insolationColumnsOf(Math.max(1024, expected));
  const pairs = new Map<string, string>();
  // One text a row, as the lots are read (its numbers and the views' JSON, which hold no U+001F): the driver decodes one
  // field instead of six.
  const f = new RowFields();
  await eachRow(
    db,
    `select concat_ws(chr(31), lot_id, march_minutes, june_minutes, december_minutes, norm_met::int, views::text) from lot_insolation`,
    [],
    (cells) => {
      const row = cells[0] as string;
      f.row(row);
      if (out.size === out.lotId.length) {
        const bigger = insolationColumnsOf(out.size * 2);
        for (const key of ['lotId', 'march', 'june', 'december', 'normMet'] as const) bigger[key].set(out[key]);
        for (let k = 0; k < out.size; k += 1) bigger.views[k] = out.views[k]!;
        bigger.size = out.size;
        out = bigger;
      }
      const k = out.size;
      out.lotId[k] = f.number();
      out.march[k] = f.number();
      out.june[k] = f.number();
      out.december[k] = f.number();
      out.normMet[k] = f.number();
      const text = f.string();
      if (!f.done(6)) throw new Error(`a lot_insolation row has ${RowFields.count(row)} fields, not 6 (lot ${out.lotId[k]})`);
      let joined = pairs.get(text);
      if (joined === undefined) pairs.set(text, (joined = viewPairs(JSON.parse(text) as Record<string, string[]>)));
      out.views[k] = joined;
      out.size = k + 1;
    },
  );
  return out;
}
