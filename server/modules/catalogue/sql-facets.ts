import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LOT_STATUSES } from '#core/catalogue/filter.ts';
import { KINDS_WITH_FINISH } from '#core/catalogue/offer.ts';
import type { LotFilter } from '#core/catalogue/service.ts';
import { financeDay } from '#core/purchase/payments.ts';
import { dropWindowStart } from '#core/catalogue/price-history.ts';
import { DEFAULT_TERMS, FLAT_ONLY_KINDS } from '#core/purchase/types.ts';
import type { Db } from '../../db/client.ts';
import { FACET_ITEMS, FLAG_ITEMS, RANGE_ITEMS, type FacetCounts, type FacetItem, type ItemStats } from './lot-index.ts';
import { LOT_FILTER_ITEMS } from '#core/catalogue/filter-items.ts';
import { HIGH_CEILING_M, SUN_MARCH_HOURS } from '#core/catalogue/lot-features.ts';

/**
 * The same filter and facets answered the usual way, with one SQL query per facet item (WHERE every other
 * item's condition, GROUP BY the item). It is what the in-memory index is measured against (npm run bench)
 * and checked against for exactness (tests). Choices list only values that occur.
 */
const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Each lot's lowest monthly payment, in SQL over the finance_programmes table: the same rules as core/purchase
 * (applies: kinds, projects, named lots, flat-only state programmes, validity on `day`; DEFAULT_TERMS, 20 % down
 * and 360 months clamped into each programme's bounds, a plan "until completion" to the months its lot's building has
 * left (`termCap`, none when none is left); the loan cap; kopecks half up, then whole roubles up),
 * written out independently so the index's facet can be checked against it and measured against it.
 */
const payment = (day: string) => sql`left join lateral (
  select ceil(min(m.k) / 100.0) as monthly from (
    select case when f.kind = 'installment'
      then round(round(((round(round((d.loan * 100 * (1 + f.markup::float8 / 100))::numeric, 6)))::float8 / d.term)::numeric, 6))
      else round(round((d.loan * 100 * (case when f.rate = 0 then 1.0 / d.term
        else (f.rate::float8 / 1200) / (1 - 1 / power(1 + f.rate::float8 / 1200, d.term)) end))::numeric, 6))
    end as k
    from finance_programmes f
    cross join lateral (select round(l.price * least(100, greatest(f.min_down_payment, ${DEFAULT_TERMS.downPaymentPercent})) / 100.0) as down0) d0
    cross join lateral (select case when not f.until_completion then f.max_term_months
      when l.completion ~ '^[0-9]{4}-Q[1-4]$' then least(f.max_term_months,
        greatest(0, substr(l.completion, 1, 4)::int * 12 + substr(l.completion, 7, 1)::int * 3 - ${monthIndex(day)}))
      else 0 end as cap) c0
    cross join lateral (select case when f.max_loan is not null and l.price - d0.down0 > f.max_loan then f.max_loan else l.price - d0.down0 end as loan,
      least(${DEFAULT_TERMS.termMonths}, c0.cap) as term) d
    where l.price > 0 and c0.cap >= 1 and l.type = any(f.lot_types)
      and (cardinality(f.projects) = 0 or l.project_id::text = any(f.projects))
      and (cardinality(f.lots) = 0 or l.id::text = any(f.lots))
      and not (coalesce(f.mortgage_kind, '') in (${list(FLAT_ONLY_KINDS)}) and l.type <> 'flat')
      and f.valid_from <= ${day}::date and (f.valid_to is null or ${day}::date <= f.valid_to)
  ) m
) pay on true`;
/** `day`'s month as a count of months (year × 12 + month), as core/purchase's `monthsToCompletion` counts them. */
function monthIndex(day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return year * 12 + month;
}

/** The lots with what the conditions read; the payment's lateral join only where a query reads the payment (it is the costly part). */
const from = (day: string, withPayment: boolean) =>
  sql`lots l join projects p on p.id = l.project_id join sections s on s.id = l.section_id left join commercial_premises c on c.lot_id = l.id left join lot_insolation li on li.lot_id = l.id ${withPayment ? payment(day) : sql``}`;
const LISTED = sql`p.status <> 'presale' and (c.advertisement is null or c.advertisement <> 'rent')`;

/** The items whose lots may have several values (filter-items.ts `multiple`), and how each matches. */
const MULTIPLE = Object.fromEntries(LOT_FILTER_ITEMS.flatMap((item) => ('multiple' in item ? [[item.name, item.multiple]] : []))) as Record<
  MultipleItem,
  'any' | 'all'
>;
type MultipleItem = 'features' | 'view' | 'windows' | 'sun_march';
const isMultiple = (item: string): item is MultipleItem => item in MULTIPLE;

/**
 * Each lot's values of a multiple item as a JSON array: its features with, for a flat, a corner (windows on a north or
 * south side and an east or west one) and high ceilings (from HIGH_CEILING_M); its view; its windows' sides.
 */
const VALUES: Record<MultipleItem, SQL> = {
  features: sql`(l.features || case when l.type = 'flat' and l.ceiling >= ${HIGH_CEILING_M} then '["high_ceilings"]'::jsonb else '[]'::jsonb end
    || case when l.type = 'flat' and (l.windows @> '["north"]'::jsonb or l.windows @> '["south"]'::jsonb)
      and (l.windows @> '["east"]'::jsonb or l.windows @> '["west"]'::jsonb) then '["corner"]'::jsonb else '[]'::jsonb end)`,
  // The tags of every window side of the lot (lot_insolation.views: {"south": ["park"], …}).
  view: sql`coalesce((select jsonb_agg(tag) from jsonb_each(li.views) s(side, tags) cross join lateral jsonb_array_elements_text(s.tags) tag), '[]'::jsonb)`,
  windows: sql`l.windows`,
  // The thresholds (hours) its minutes of sun on 21 March reach; none without a computed row.
  sun_march: sql`coalesce((select jsonb_agg(h::text) from unnest(array[${sql.raw(SUN_MARCH_HOURS.map(Number).join(', '))}]::int[]) h where li.march_minutes >= h * 60), '[]'::jsonb)`,
};

const EXPR: Record<Exclude<FacetItem, (typeof FLAG_ITEMS)[number] | MultipleItem>, SQL> = {
  project: sql`l.project_id::text`,
  building: sql`l.building_id::text`,
  type: sql`l.type`,
  // LEAST ignores nulls: without the guard a parking space would count as four rooms.
  rooms: sql`(case when l.rooms is null then null else least(l.rooms, 4) end)::text`,
  completion: sql`coalesce(l.completion, 'done')`,
  finish: sql`(case when l.type in (${sql.join(
    KINDS_WITH_FINISH.map((kind) => sql`${kind}`),
    sql`, `,
  )}) then l.finish end)`,
  status: sql`l.status`,
  price: sql`l.price`,
  monthly_payment: sql`pay.monthly`,
  area: sql`l.area`,
  floor: sql`l.floor`,
};
const FLAG: Record<(typeof FLAG_ITEMS)[number], SQL> = {
  euro: sql`l.euro`,
  discount: sql`l.old_price > l.price`,
  not_first_floor: sql`l.floor <> 1`,
  not_last_floor: sql`l.floor <> s.floors_count`,
  sun_norm: sql`coalesce(li.norm_met, false)`,
};

function conditions(filter: LotFilter): Partial<Record<FacetItem, SQL>> {
  const out: Partial<Record<FacetItem, SQL>> = {};
  const inList = (item: FacetItem, values: readonly string[] | undefined) => {
    if (values?.length) out[item] = sql`${EXPR[item as keyof typeof EXPR]} in (${list(values)})`;
  };
  inList('project', filter.project);
  inList('building', filter.building);
  inList('type', filter.type);
  inList('rooms', filter.rooms);
  for (const item of FLAG_ITEMS) if (filter[item]) out[item] = FLAG[item];
  for (const item of RANGE_ITEMS) {
    const min = filter[`${item}_min`];
    const max = filter[`${item}_max`];
    const parts: SQL[] = [];
    if (min !== undefined) parts.push(sql`${EXPR[item]} >= ${min}`);
    if (max !== undefined) parts.push(sql`${EXPR[item]} <= ${max}`);
    if (parts.length) out[item] = sql.join(parts, sql` and `);
  }
  inList('completion', filter.completion);
  inList('finish', filter.finish);
  inList('status', filter.status?.length ? filter.status : DEFAULT_LOT_STATUSES);
  for (const item of Object.keys(MULTIPLE) as MultipleItem[]) {
    const values = filter[item];
    if (!values?.length) continue;
    out[item] =
      MULTIPLE[item] === 'all'
        ? sql`${VALUES[item]} @> ${JSON.stringify(values)}::jsonb`
        : sql`exists (select 1 from jsonb_array_elements_text(${VALUES[item]}) e(v) where e.v in (${list(values)}))`;
  }
  return out;
}

const where = (conds: Partial<Record<FacetItem, SQL>>, except?: FacetItem) =>
  sql.join([LISTED, ...Object.entries(conds).flatMap(([item, cond]) => (item === except ? [] : [sql`(${cond})`]))], sql` and `);

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

export async function sqlFacetCounts(db: Db, filter: LotFilter, day = financeDay()): Promise<FacetCounts> {
  const conds = conditions(filter);
  const paid = conds.monthly_payment !== undefined;
  // A query reads the payment when the filter bounds it, or for its own facet.
  const FROM_FOR = (item?: FacetItem) => from(day, paid || item === 'monthly_payment');
  const FROM = FROM_FOR();
  const [total] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where(conds)}`);
  const items = {} as Record<FacetItem, ItemStats>;
  for (const item of FACET_ITEMS) {
    if ((FLAG_ITEMS as readonly string[]).includes(item)) {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${FROM_FOR(item)} where ${where(conds, item)} and ${FLAG[item as keyof typeof FLAG]}`,
      );
      items[item] = { count: row?.n ?? 0 };
    } else if ((RANGE_ITEMS as readonly string[]).includes(item)) {
      const expr = EXPR[item as keyof typeof EXPR];
      const [row] = await rows<{ min: string | number | null; max: string | number | null }>(
        db,
        sql`select min(${expr}) as min, max(${expr}) as max from ${FROM_FOR(item)} where ${where(conds, item)}`,
      );
      items[item] = { range: row?.min === null || row?.min === undefined ? null : { min: Number(row.min), max: Number(row.max) } };
    } else if (isMultiple(item)) {
      // A lot counts once under each of its values; values all of which a lot must have count the result's lots.
      const values = (LOT_FILTER_ITEMS.find((spec) => spec.name === item) as { values: readonly string[] }).values;
      const found = await rows<{ v: string; n: number }>(
        db,
        sql`select e.v as v, count(distinct l.id)::int as n from ${FROM_FOR(item)} cross join lateral jsonb_array_elements_text(${VALUES[item]}) e(v)
          where ${MULTIPLE[item] === 'all' ? where(conds) : where(conds, item)} and e.v in (${list(values)}) group by 1`,
      );
      items[item] = { choices: Object.fromEntries(found.map((r) => [r.v, r.n])) };
    } else {
      const expr = EXPR[item as keyof typeof EXPR];
      const found = await rows<{ v: string | null; n: number }>(
        db,
        sql`select ${expr} as v, count(*)::int as n from ${FROM_FOR(item)} where ${where(conds, item)} group by 1`,
      );
      items[item] = { choices: Object.fromEntries(found.filter((r) => r.v !== null).map((r) => [r.v, r.n])) };
    }
  }
  return { count: total?.n ?? 0, items };
}

const ORDER: Record<string, SQL> = {
  recommended: sql`case l.type when 'flat' then 0 when 'commercial' then 1 when 'parking' then 2 else 3 end, l.price, l.id`,
  price: sql`l.price, l.id`,
  '-price': sql`l.price desc, l.id desc`,
  // Lots no programme finances come last both ways, cheapest first.
  monthly_payment: sql`pay.monthly is null, pay.monthly, case when pay.monthly is null then l.price end, l.id`,
  '-monthly_payment': sql`pay.monthly is null, pay.monthly desc, case when pay.monthly is null then l.price end, case when pay.monthly is null then l.id end, l.id desc`,
  area: sql`l.area, l.id`,
  '-area': sql`l.area desc, l.id desc`,
  price_per_m2: sql`l.price_per_m2, l.id`,
  '-price_per_m2': sql`l.price_per_m2 desc, l.id desc`,
  floor: sql`l.floor, l.id`,
  '-floor': sql`l.floor desc, l.id desc`,
  completion: sql`l.completion is not null, l.completion, l.price, l.id`,
  price_reduced: sql`reduced.percent desc, l.price, l.id`,
};

/**
 * Each lot's 30-day price drop in whole percent, written out in SQL from core/catalogue/price-history.ts's rules: the
 * price in force when the window of `day` opened (Moscow midnight 30 days before; a lot recorded later: its first
 * price) against today's, for lots not sold, half up on exact numerics.
 */
const reduced = (day: string) => {
  const cut = new Date(dropWindowStart(day)).toISOString();
  return sql`left join lateral (
    select case when l.status <> 'sold' and ref.price > l.price then round((ref.price - l.price) * 100.0 / ref.price) else 0 end as percent
    from (select coalesce(
      (select h.price from lot_history h where h.lot_id = l.id and h.at <= ${cut}::timestamptz order by h.at desc limit 1),
      (select h.price from lot_history h where h.lot_id = l.id order by h.at limit 1)) as price) ref
  ) reduced on true`;
};

/** Ids of one page of matching lots, in the filter's order. */
export async function sqlPageIds(db: Db, filter: LotFilter, limit: number, offset: number, day = financeDay()): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`select l.id from ${from(day, filter.monthly_payment_min !== undefined || filter.monthly_payment_max !== undefined || (filter.ordering ?? '').endsWith('monthly_payment'))} ${filter.ordering === 'price_reduced' ? reduced(day) : sql``} where ${where(conditions(filter))} order by ${ORDER[filter.ordering ?? 'recommended']!} limit ${limit} offset ${offset}`,
  );
  return found.map((r) => Number(r.id));
}
