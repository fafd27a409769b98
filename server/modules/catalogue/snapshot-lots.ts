import { eachRow } from '../../db/array-rows.ts';
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
 * (U+001F, which no field holds) and split here. The drivers cost most per field (pg decodes each into a string
 * through a native call: two thirds of a million-lot read with 22 fields a row), not per byte. NULL is an empty field;
 * `numeric` and `bigint` columns are printed as float8 by the server (the shortest text that reads back the same
 * double), so the values are the ones drizzle gives and `buildSnapshot` over drizzle rows builds the same snapshot.
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
  'area::float8',
  'living_area::float8',
  'kitchen_area::float8',
  'price::float8',
  'price_per_m2::float8',
  'old_price::float8',
  'finish',
  'ceiling::float8',
  'view',
  'windows',
  'features',
  'completion',
  'layout',
  'shape',
];
const SEPARATOR = '\x1f';
const ROW = `concat_ws(chr(31), ${FIELDS.map((f) => `coalesce((${f})::text, '')`).join(', ')})`;

/** Lots handed to the builder at a time. */
const BATCH = 2048;

const orNull = (field: string): number | null => (field === '' ? null : Number(field));

/**
 * Every lot of the projects `from`..`to` (ids) in the index's order, in batches to `add`. The lists (windows,
 * features) repeat: each distinct text is parsed once and its array shared, which the builder interns by identity.
 */
export async function readLots(db: Executor, from: number, to: number, add: (lots: readonly LotInput[]) => void): Promise<void> {
  const lists = new Map<string, string[]>();
  const listOf = (text: string): string[] => {
    let list = lists.get(text);
    if (!list) lists.set(text, (list = JSON.parse(text) as string[]));
    return list;
  };
  let batch: LotInput[] = [];
  await eachRow(
    db,
    `select ${ROW} from lots where project_id between $1 and $2 order by project_id, building_id, section_id, floor, position, id`,
    [from, to],
    (row) => {
      const f = (row[0] as string).split(SEPARATOR);
      // A text field holding the separator would shift every later field: refuse the read rather than misplace them.
      if (f.length !== FIELDS.length) throw new Error(`a lot's row has ${f.length} fields, not ${FIELDS.length}: a text field holds U+001F (lot ${f[0]})`);
      batch.push({
        id: Number(f[0]),
        floorId: Number(f[1]),
        type: f[2] as LotInput['type'],
        status: f[3] as LotInput['status'],
        number: f[4]!,
        position: Number(f[5]),
        rooms: orNull(f[6]!),
        euro: f[7] === '1',
        area: Number(f[8]),
        livingArea: orNull(f[9]!),
        kitchenArea: orNull(f[10]!),
        price: Number(f[11]),
        pricePerM2: Number(f[12]),
        oldPrice: orNull(f[13]!),
        finish: f[14] as LotInput['finish'],
        ceiling: Number(f[15]),
        view: f[16] || null,
        windows: listOf(f[17]!),
        features: listOf(f[18]!),
        completion: f[19] || null,
        layout: f[20]!,
        shape: f[21]!,
      });
      if (batch.length === BATCH) {
        add(batch);
        batch = [];
      }
    },
  );
  if (batch.length) add(batch);
}
