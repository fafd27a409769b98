import type { Locale } from '#core/i18n/locales.ts';
import { FILTER_ITEMS } from '../filter-items.ts';
import {
  CMP_AFTER,
  CMP_BEFORE,
  CUR_AFTER,
  CUR_BEFORE,
  MUL,
  NUM,
  RANGE_JOIN,
  RANGE_START,
  comparison,
  currencyOf,
  multiplier,
  readNumber,
  type Currency,
} from './numbers.ts';
import { END, REST, START } from './text.ts';
import type { IgnoredReason, Piece, PhraseRates } from './types.ts';

/**
 * The grammar of figures: rooms, prices and monthly payments, areas, floors and completion dates, in Russian, English
 * and Chinese at once (a query mixes them: «2BR до 15 млн», "两居室 under 12m"). Each rule is a pattern and a reading of
 * its match as filter pieces; parse.ts keeps, where matches overlap, the longest.
 */

export type RuleContext = { lang: Locale; year: number; completions: readonly string[]; rates: PhraseRates | null };
export type Reading = { pieces: Piece[] } | { ignored: IgnoredReason } | null;
/** `figures`: the rule reads digits only, so a query without any skips it. */
export type Rule = { re: RegExp; read: (groups: Record<string, string | undefined>, ctx: RuleContext) => Reading; figures?: boolean };
const withFigures = (rules: Rule[]): Rule[] => rules.map((rule) => ({ ...rule, figures: true }));

const g = (source: string) => new RegExp(source, 'g');
const opt = (source: string) => `(?:${source})?`;

// ——— Rooms ———

const ZH_DIGITS: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5 };
const EN_DIGITS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, single: 1, double: 2 };
const RU_WORDS: [RegExp, number][] = [
  [/^(?:одно|одн|один|одна|одну|однуш|однуш)/, 1],
  [/^(?:двух|дву|два|две|двуш)/, 2],
  [/^(?:тр[её]х|тр[её]ш|три|тр[её])/, 3],
  [/^(?:четыр|четыре|четыр[её]х|четыр[её]ш)/, 4],
  [/^(?:пят|много)/, 4],
];
function count(text: string | undefined): number | null {
  if (!text) return null;
  const t = text.trim();
  if (/^\d$/.test(t)) return Number(t);
  if (ZH_DIGITS[t] !== undefined) return ZH_DIGITS[t]!;
  if (EN_DIGITS[t] !== undefined) return EN_DIGITS[t]!;
  for (const [re, n] of RU_WORDS) if (re.test(t)) return n;
  return null;
}
const roomValues = (from: number, to: number) => {
  const out: string[] = [];
  for (let n = Math.max(0, Math.min(from, to)); n <= Math.min(4, Math.max(from, to)); n++) out.push(String(n));
  return out;
};

const RU_ROOM = `(?:комнатн${REST}|комнат${REST}|комн\\.?|к\\.?|кк)${END}`;
const RU_COUNT_WORD = '(?:одно|двух|дву|тр[её]х|четыр[её]х|пяти|много)';
const EN_ROOM = `(?:bed(?:room)?s?|br|bd|bdr|bdrm|b/r|room(?:ed)?s?|rm|r)${END}`;
const EN_COUNT = '(?:[1-5]|one|two|three|four|five)';
const ZH_COUNT = '[一二两三四五1-5]';
const ZH_ROOM = '(?:居室|居|室|房(?![子源价型间产屋])|卧室?)(?:\\s*[一二两1-3]\\s*厅)?';

const rooms = (values: string[], euro = false): Reading => ({ pieces: [{ item: 'rooms', values }, ...(euro ? [{ item: 'euro', flag: true as const }] : [])] });
const atLeast = (n: number) => roomValues(n, 4);

const ROOM_RULES: Rule[] = [
  // Studios.
  { re: g(`${START}(?:квартир${REST}[\\s-]*)?студи${REST}|${START}studios?${END}|开间|单间|一室户|工作室`), read: () => rooms(['0']) },
  // «2-комнатная», «2х комнатная», «2 комнаты», «2к», «2-к.», «3-комн.»
  {
    re: g(`${START}(?<n>[1-5])\\s*-?\\s*(?:х|ух|ти|ми)?\\s*-?\\s*${RU_ROOM}`),
    read: (m) => rooms([String(Math.min(4, Number(m.n)))]),
  },
  // «двухкомнатная», «трёхкомнатную», «многокомнатная»
  { re: g(`${START}(?<w>${RU_COUNT_WORD})[\\s-]?комнатн${REST}`), read: (m) => rooms([String(count(m.w) ?? 4)]) },
  // «однушка», «двушку», «трёшка», «четырёшка»
  { re: g(`${START}(?<w>однуш|двуш|тр[её]ш|четыр[её]ш)(?:еч)?к${REST}`), read: (m) => rooms([String(count(m.w))]) },
  // «две комнаты», «три комнаты»
  { re: g(`${START}(?<w>одн[ауо]|один|две|два|три|четыре|пять)\\s+комнат${REST}`), read: (m) => rooms([String(count(m.w))]) },
  // Euro layouts: «евро-2», «евро 3», «евродвушка», «евро-трёшка»
  {
    re: g(
      `${START}евро\\s*-?\\s*(?:(?<n>[1-5])(?:\\s*-?\\s*(?:х|ух)?\\s*-?\\s*${RU_ROOM})?(?!\\d)|(?<w>однуш|двуш|тр[её]ш|четыр[её]ш)(?:еч)?к${REST}|(?<w2>${RU_COUNT_WORD})[\\s-]?комнатн${REST})`,
    ),
    read: (m) => rooms([String(Math.min(4, m.n ? Number(m.n) : (count(m.w ?? m.w2) ?? 2)))], true),
  },
  // Ranges and choices: «2-3 комнатная», «1 или 2 комнаты», «2-3к»
  {
    re: g(`${START}(?<a>[1-5])\\s*(?<sep>-|или|и|,|/)\\s*(?<b>[1-5])\\s*-?\\s*(?:х|ух)?\\s*-?\\s*${RU_ROOM}`),
    read: (m) =>
      m.sep === '-' ? rooms(roomValues(Number(m.a), Number(m.b))) : rooms([...new Set([m.a!, m.b!].map((n) => String(Math.min(4, Number(n)))))].sort()),
  },
  // «от 2 комнат», «не менее 3 комнат», «2+ комнаты», «3 комнаты и больше», «4+»
  {
    re: g(
      `${START}(?:(?:от|не\\s+менее|не\\s+меньше|минимум)\\s+(?<n>[1-5])\\s*-?\\s*(?:х|ух|ти)?\\s*-?\\s*${RU_ROOM}|(?<p>[1-4])\\s*\\+\\s*(?:${RU_ROOM})?|(?<q>[1-4])\\s*-?\\s*(?:х|ух)?\\s*-?\\s*${RU_ROOM}\\s+(?:и|или)\\s+(?:больше|более))`,
    ),
    read: (m) => rooms(atLeast(Number(m.n ?? m.p ?? m.q))),
  },
  // English: "2BR", "two-bedroom", "3 bed flat", "1-room", "2+ bedrooms", "at least 2 bedrooms", "2 bedrooms or more"
  {
    re: g(
      `${START}(?:(?<cmp>at\\s+least|minimum|min|from)\\s+)?(?<n>${EN_COUNT})\\s*-?\\s*(?<plus>\\+)?\\s*-?\\s*${EN_ROOM}(?:\\s*(?<more>or\\s+more|and\\s+up|plus|or\\s+bigger|or\\s+larger))?`,
    ),
    read: (m) => {
      const n = Math.min(4, count(m.n) ?? 0);
      return rooms(m.cmp || m.plus || m.more ? atLeast(n) : [String(n)]);
    },
  },
  // "2-3 bedroom", "2 or 3 bedrooms", "1/2BR"
  {
    re: g(`${START}(?<a>${EN_COUNT})\\s*(?<sep>-|to|or|/)\\s*(?<b>${EN_COUNT})\\s*-?\\s*${EN_ROOM}`),
    read: (m) => {
      const a = count(m.a) ?? 1;
      const b = count(m.b) ?? a;
      return rooms(m.sep === 'or' || m.sep === '/' ? [...new Set([a, b].map((n) => String(Math.min(4, n))))].sort() : roomValues(a, b));
    },
  },
  // Chinese: 两居室, 一室, 三房, 2室1厅, 三居及以上, 两到三居, 欧式两居
  {
    re: g(`(?<euro>欧式\\s*)?(?<n>${ZH_COUNT})\\s*${ZH_ROOM}(?:\\s*(?<more>及以上|以上|或以上|起))?`),
    read: (m) => {
      const n = Math.min(4, count(m.n) ?? 1);
      return rooms(m.more ? atLeast(n) : [String(n)], Boolean(m.euro));
    },
  },
  {
    re: g(`(?<a>${ZH_COUNT})\\s*(?:${ZH_ROOM})?\\s*(?:到|至|-|~|或者|或)\\s*(?<b>${ZH_COUNT})\\s*${ZH_ROOM}`),
    read: (m) => rooms(roomValues(count(m.a) ?? 1, count(m.b) ?? 1)),
  },
];

// ——— Money: prices and monthly payments ———

const PRICE_WORD = `(?:${START}(?:цен${REST}|стоимост${REST}|бюджет${REST}|за|price${REST}|budget|costs?|total|for)${END}|价格|总价|预算|价位|售价)`;
const MONTHLY_BEFORE = `(?:${START}(?:ежемесячн${REST}\\s+платеж${REST}|платеж${REST}(?:\\s+по\\s+ипотеке)?|ежемесячн${REST}|monthly\\s+payments?|monthly|mortgage\\s+payments?|repayments?)${END}|月供|每月还款|每月)`;
const MONTH_AFTER = `(?:\\s*(?:(?:${START}(?:в|за|per|a|an|each)\\s*)|/\\s*)?(?:месяц${REST}|мес\\.?|month${REST}|mo\\.?|mth)${END}|\\s*(?:每月|/月|一个月|每个月))`;

/** Roubles for an amount in a currency; null when the rates are missing. */
function roubles(amount: number, currency: Currency, rates: PhraseRates | null): number | null {
  if (currency === 'rub') return Math.round(amount);
  if (!rates) return null;
  // Whole thousands: a bound converted from dollars is a buyer's round figure, not a rate's decimals.
  return Math.round((amount * rates.perUnit[currency]) / 1000) * 1000;
}

/** What a bare figure means when a price word or a comparison introduces it without a multiplier: «до 15» is 15 million. */
function bareFactor(value: number, monthly: boolean, lang: Locale): number {
  if (lang === 'zh') return value < 10_000 ? 1e4 : 1;
  if (monthly) return value < 1000 ? 1e3 : 1;
  return value < 1000 ? 1e6 : 1;
}

function moneyPieces(bounds: { min?: number; max?: number; about?: number }, monthly: boolean, currency: Currency, ctx: RuleContext): Reading {
  const item = monthly ? 'monthly_payment' : 'price';
  const convert = (v: number | undefined) => (v === undefined ? undefined : roubles(v, currency, ctx.rates));
  let min = convert(bounds.min);
  let max = convert(bounds.max);
  if (bounds.about !== undefined) {
    const at = convert(bounds.about);
    if (at === null || at === undefined) return { ignored: 'rates' };
    min = Math.round(at * 0.9);
    max = Math.round(at * 1.1);
  }
  if (min === null || max === null) return { ignored: 'rates' };
  // A price under 100 000 ₽ or a monthly payment under 1 000 ₽ is not a price: «2к» is two rooms, not 2 000 ₽.
  const floor = monthly ? 1000 : 100_000;
  if ((min ?? Infinity) < floor && (max ?? Infinity) < floor) return null;
  return { pieces: [{ item, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }] };
}

function bound(kind: ReturnType<typeof comparison>['kind'], value: number): { min?: number; max?: number; about?: number } {
  if (kind === 'max') return { max: value };
  if (kind === 'min') return { min: value };
  if (kind === 'about') return { about: value };
  return { max: value };
}

const MONEY_RULES: Rule[] = [
  {
    re: g(
      `${opt(`(?<mw>${MONTHLY_BEFORE})\\s*`)}${opt(`(?<pw>${PRICE_WORD})\\s*`)}${RANGE_START}(?<cb1>${CUR_BEFORE})?\\s?(?<a>${NUM})\\s*(?<m1>${MUL})?\\s*(?<c1>${CUR_AFTER})?${RANGE_JOIN}(?<cb2>${CUR_BEFORE})?\\s?(?<b>${NUM})\\s*(?<m2>${MUL})?\\s*(?<c2>${CUR_AFTER})?(?<mo>${MONTH_AFTER})?`,
    ),
    read: (m, ctx) => {
      if (!(m.m1 || m.m2 || m.cb1 || m.cb2 || m.c1 || m.c2 || m.pw || m.mw || m.mo)) return null;
      const monthly = Boolean(m.mw || m.mo);
      const currency = currencyOf(m.cb1 ?? m.c1 ?? m.cb2 ?? m.c2);
      let a = readNumber(m.a!, ctx.lang);
      let b = readNumber(m.b!, ctx.lang);
      const mb = m.m2 ? multiplier(m.m2) : m.m1 ? multiplier(m.m1) : bareFactor(b, monthly, ctx.lang);
      const ma = m.m1 ? multiplier(m.m1) : mb;
      a *= ma;
      b *= mb;
      return moneyPieces({ min: Math.min(a, b), max: Math.max(a, b) }, monthly, currency, ctx);
    },
  },
  {
    re: g(
      `${opt(`(?<mw>${MONTHLY_BEFORE})\\s*`)}${opt(`(?<pw>${PRICE_WORD})\\s*`)}${opt(`(?<cmp>${CMP_BEFORE})\\s*`)}(?<cb>${CUR_BEFORE})?\\s?(?<n>${NUM})(?!\\d)\\s*(?<mul>${MUL})?\\s*(?<ca>${CUR_AFTER})?(?<mo>${MONTH_AFTER})?${opt(`\\s*(?<post>${CMP_AFTER})`)}(?<mo2>${MONTH_AFTER})?`,
    ),
    read: (m, ctx) => {
      const monthly = Boolean(m.mw || m.mo || m.mo2);
      const raw = readNumber(m.n!, ctx.lang);
      const money = m.mul || m.cb || m.ca;
      if (!money && !m.pw && !m.mw && !(m.cmp && raw >= 100_000) && !((m.mo || m.mo2) && (m.cmp || m.post))) return null;
      // A bare year or a count is not a price: «в 2027», «до 10 этажа» are other rules'.
      if (!money && /^20[2-4]\d$/.test(m.n!) && !m.pw && !m.mw) return null;
      const value = raw * (m.mul ? multiplier(m.mul) : money ? 1 : bareFactor(raw, monthly, ctx.lang));
      const { kind } = comparison(m.post ?? m.cmp);
      return moneyPieces(bound(kind, value), monthly, currencyOf(m.cb ?? m.ca), ctx);
    },
  },
];

// ——— Areas ———

const AREA_UNIT = `(?:(?:м²|м2|кв\\.?\\s?м(?:етр${REST})?\\.?|квм|квадрат${REST}|метр${REST}|м)(?![a-zа-я0-9])|кв\\.(?!\\s?\\d)|(?:m²|m2|sq\\.?\\s?m\\.?|sqm|square\\s+met(?:er|re)s?|met(?:er|re)s?)(?![a-z0-9])|平方米|平米|平方|平|㎡)`;
const AREA_WORD = `(?:${START}(?:площад${REST}|метраж${REST}|area|size|total\\s+area)${END}|建筑面积|面积)`;

function areaPieces(min: number | undefined, max: number | undefined): Reading {
  return { pieces: [{ item: 'area', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }] };
}
function areaBound(kindText: string | undefined, value: number): Reading {
  const { kind } = comparison(kindText);
  if (kind === 'min') return areaPieces(value, undefined);
  if (kind === 'max') return areaPieces(undefined, value);
  // «около 60 м²», "60 sqm": a tenth either side.
  return areaPieces(Math.round(value * 0.9), Math.round(value * 1.1));
}

const AREA_RULES: Rule[] = [
  {
    re: g(`${opt(`(?<w>${AREA_WORD})\\s*`)}${RANGE_START}(?<a>${NUM})\\s*(?:${AREA_UNIT})?${RANGE_JOIN}(?<b>${NUM})\\s*(?<u>${AREA_UNIT})?`),
    read: (m, ctx) => {
      if (!m.w && !m.u) return null;
      const a = readNumber(m.a!, ctx.lang);
      const b = readNumber(m.b!, ctx.lang);
      return areaPieces(Math.min(a, b), Math.max(a, b));
    },
  },
  {
    re: g(`${opt(`(?<w>${AREA_WORD})\\s*`)}${opt(`(?<cmp>${CMP_BEFORE})\\s*`)}(?<n>${NUM})(?!\\d)\\s*(?<u>${AREA_UNIT})?${opt(`\\s*(?<post>${CMP_AFTER})`)}`),
    read: (m, ctx) => {
      if (!m.u && !m.w) return null;
      const value = readNumber(m.n!, ctx.lang);
      if (value < 5 || value > 2000) return null;
      return areaBound(m.post ?? m.cmp, value);
    },
  },
];

// ——— Floors ———

const FLOOR_AFTER = `(?:\\s*-?\\s*(?:ом|ем|ый|ой|ий|го|м|й|х|st|nd|rd|th)${END})?\\s*(?:(?:этаж${REST}|эт\\.?)(?![a-zа-я0-9])|(?:floor|storey|level)s?(?![a-z0-9])|层|楼(?![盘房]))`;
const FLOOR_WORD = `(?:${START}(?:этаж${REST}|floors?|level|storey)${END}|楼层)`;

function floorBound(kindText: string | undefined, n: number): Reading {
  const { kind, strict } = comparison(kindText);
  if (kind === 'min') return { pieces: [{ item: 'floor', min: strict ? n + 1 : n }] };
  if (kind === 'max') return { pieces: [{ item: 'floor', max: strict ? n - 1 : n }] };
  return { pieces: [{ item: 'floor', min: n, max: n }] };
}

const FLOOR_RULES: Rule[] = [
  {
    re: g(`${opt(`(?<w>${FLOOR_WORD})\\s*`)}${RANGE_START}(?<a>\\d{1,3})(?:${FLOOR_AFTER})?${RANGE_JOIN}(?<b>\\d{1,3})(?<u>${FLOOR_AFTER})?`),
    read: (m) => {
      if (!m.w && !m.u) return null;
      const a = Number(m.a);
      const b = Number(m.b);
      return { pieces: [{ item: 'floor', min: Math.min(a, b), max: Math.max(a, b) }] };
    },
  },
  {
    re: g(`${opt(`(?<cmp>${CMP_BEFORE})\\s*`)}(?:(?:на|on(?:\\s+the)?|the)\\s+)?(?<n>\\d{1,3})(?<u>${FLOOR_AFTER})${opt(`\\s*(?<post>${CMP_AFTER})`)}`),
    read: (m) => floorBound(m.post ?? m.cmp, Number(m.n)),
  },
  {
    re: g(`(?<w>${FLOOR_WORD})\\s*${opt(`(?<cmp>${CMP_BEFORE})\\s*`)}(?:№\\s*)?(?<n>\\d{1,3})(?!\\d)${opt(`\\s*(?<post>${CMP_AFTER})`)}`),
    read: (m) => floorBound(m.post ?? m.cmp, Number(m.n)),
  },
  // The top floor alone: the filter has no such item (only "not the top floor"); shown as not understood, with why.
  {
    re: g(
      `${START}(?:(?:on\\s+)?(?:the\\s+)?(?:top|last|highest|uppermost)\\s+floor|penthouse|(?:на\\s+)?(?:последн${REST}|верхн${REST})\\s+этаж${REST}|пентхаус${REST})${END}|顶层|顶楼`,
    ),
    read: () => ({ ignored: 'unsupported' }),
  },
];

// ——— Completion ———

type Quarter = { year: number; quarter: number };
const code = (q: Quarter) => `${q.year}-Q${q.quarter}`;
const ordinal = (q: Quarter) => q.year * 4 + q.quarter - 1;

/** The completion codes between two quarters (inclusive), 'done' first when the range is open at its start. */
function completionValues(from: Quarter | null, to: Quarter | null, ctx: RuleContext): Reading {
  const lo = from ? ordinal(from) : -Infinity;
  const hi = to ? ordinal(to) : Infinity;
  if (lo > hi) return null;
  const known = ctx.completions.filter((v) => {
    const m = /^(\d{4})-Q([1-4])$/.exec(v);
    if (!m) return false;
    const o = ordinal({ year: Number(m[1]), quarter: Number(m[2]) });
    return o >= lo && o <= hi;
  });
  let values = known;
  // Houses handed over answer "by 2026" whatever the quarters: with none of the catalogue's quarters in range, only they do.
  if (!from && !values.length) return { pieces: [{ item: 'completion', values: ['done'] }] };
  // No lot of the catalogue falls in the range: the quarters themselves, so the chip says what was asked (and finds nothing).
  if (!values.length) {
    const start = Math.max(lo, ctx.year * 4);
    const end = Number.isFinite(hi) ? hi : start + 15;
    values = [];
    for (let o = start; o <= end && values.length < 16; o++) values.push(code({ year: Math.floor(o / 4), quarter: (o % 4) + 1 }));
  }
  if (!from) values = ['done', ...values];
  return values.length ? { pieces: [{ item: 'completion', values }] } : null;
}

const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, один: 1, первый: 1, второй: 2, третий: 3, четвертый: 4 };
const readQuarter = (text: string | undefined): number | null => {
  if (!text) return null;
  const t = text.replace(/[^0-9a-zа-я一二三四]/g, '');
  if (/^[1-4]/.test(t)) return Number(t[0]);
  if (ZH_DIGITS[t[0] ?? ''] !== undefined) return ZH_DIGITS[t[0]!]!;
  for (const [k, v] of Object.entries(ROMAN)) if (t.startsWith(k) && (k.length > 2 || t.length === k.length)) return v;
  return ROMAN[t] ?? null;
};

/** A year (and maybe a quarter) with its comparison: what a completion phrase asks. */
function completionOf(year: number, quarter: number | null, cmp: 'in' | 'by' | 'before' | 'after' | 'from', end: boolean, ctx: RuleContext): Reading {
  const first: Quarter = { year, quarter: quarter ?? 1 };
  const last: Quarter = { year, quarter: quarter ?? 4 };
  switch (cmp) {
    case 'by':
      return completionValues(null, last, ctx);
    case 'before':
      return completionValues(null, { year: quarter ? year : year - 1, quarter: quarter ? quarter - 1 || 4 : 4 }, ctx);
    case 'after':
      return completionValues({ year: quarter ? year : year + 1, quarter: quarter ? (quarter % 4) + 1 : 1 }, null, ctx);
    case 'from':
      return completionValues(first, null, ctx);
    default:
      return end ? completionValues({ year, quarter: 4 }, { year, quarter: 4 }, ctx) : completionValues(first, last, ctx);
  }
}

const RU_COMPLETION_WORD = `(?:сдач${REST}|срок${REST}\\s+сдачи|сдат${REST}|сдаетс${REST}|сдают${REST}|ввод${REST}(?:\\s+в\\s+эксплуатацию)?|заселени${REST}|заезд${REST}|ключи|готовност${REST}|готов${REST}|достро${REST})`;
const EN_COMPLETION_WORD =
  '(?:ready|completion|completed|complete|completing|delivery|delivered|handover|hand-over|handed\\s+over|move[- ]in|keys|finished\\s+by|built)';
const RU_CMP = '(?:до\\s+конца|к\\s+концу|не\\s+позже|не\\s+позднее|до|к|после|с|от|в|на|конец|в\\s+конце|конца)';
const EN_CMP = '(?:by\\s+(?:the\\s+)?end\\s+of|by|before|after|in|from|until|till|no\\s+later\\s+than|end\\s+of|at\\s+the\\s+end\\s+of|within)';
const YEAR = '(?<y>20[2-4]\\d)';
const RU_QUARTER = `(?<q>[1-4]|iv|iii|ii|i|перв${REST}|втор${REST}|трет${REST}|четверт${REST})\\s*-?\\s*(?:й|го|м|ом)?\\s*(?:кв\\.?|квартал${REST})`;

function ruCmp(text: string | undefined): { cmp: 'in' | 'by' | 'before' | 'after' | 'from'; end: boolean } {
  const t = (text ?? '').trim().replace(/\s+/g, ' ');
  if (/^(?:до конца|к концу|не позже|не позднее|до|к|by|by the end of|by end of|until|till|no later than|within)$/.test(t)) return { cmp: 'by', end: false };
  if (/^(?:before)$/.test(t)) return { cmp: 'before', end: false };
  if (/^(?:после|after)$/.test(t)) return { cmp: 'after', end: false };
  if (/^(?:с|от|from)$/.test(t)) return { cmp: 'from', end: false };
  if (/^(?:конец|в конце|конца|end of|at the end of)$/.test(t)) return { cmp: 'in', end: true };
  return { cmp: 'in', end: false };
}

const RELATIVE_YEAR = `(?<rel>${START}(?:в\\s+)?(?:этом|текущем|следующем|будущем)\\s+году${END}|${START}(?:this|next|the\\s+next)\\s+year${END}|今年|明年|后年)`;
const relativeYear = (text: string, year: number) => (/следующ|будущ|next|明年/.test(text) ? year + 1 : /后年/.test(text) ? year + 2 : year);

const COMPLETION_RULES: Rule[] = [
  // «сдача в 2027», «до конца 2026», «в 2027 году», «IV квартал 2027», «сдан до 2025»
  {
    re: g(
      `${START}${opt(`(?<w>${RU_COMPLETION_WORD})\\s*`)}${opt(`(?<cmp>${RU_CMP})\\s+`)}(?:${RU_QUARTER}\\s*)?${YEAR}(?!\\d)(?:\\s*(?:г\\.|г(?![a-zа-я])|год${REST}))?`,
    ),
    read: (m, ctx) => {
      const { cmp, end } = ruCmp(m.cmp);
      return completionOf(Number(m.y), readQuarter(m.q), cmp, end, ctx);
    },
  },
  // "ready in 2027", "completion by end of 2026", "Q4 2027", "2027 completion", "in 2027"
  {
    re: g(
      `${START}${opt(`(?<w>${EN_COMPLETION_WORD})\\s*`)}${opt(`(?<cmp>${EN_CMP})\\s+`)}(?:q(?<q>[1-4])\\s*|(?<q2>[1-4])q\\s*)?${YEAR}(?!\\d)(?:\\s*q(?<q3>[1-4]))?(?:\\s+(?<after>completion|delivery|handover|move-in))?`,
    ),
    read: (m, ctx) => {
      if (!m.w && !m.cmp && !m.q && !m.q2 && !m.q3 && !m.after && ctx.lang !== 'en') return null;
      const { cmp, end } = ruCmp(m.cmp);
      return completionOf(Number(m.y), readQuarter(m.q ?? m.q2 ?? m.q3), cmp, end, ctx);
    },
  },
  // 2027年交付, 2026年底前交房, 2027年第四季度, 2028年以前, 交付时间2027年
  {
    re: g(
      `(?:(?<w0>交付|交房|竣工|入住)(?:时间)?\\s*(?:在|于|为)?\\s*)?${YEAR}\\s*年?\\s*(?:(?<zq>第?[一二三四1-4]季度)|(?<end>年底|底|末))?\\s*(?<cmp>前|之前|以前|以后|之后|后|以内)?\\s*(?<w>交付|交房|竣工|完工|入住|建成)?`,
    ),
    read: (m, ctx) => {
      const cmp = m.cmp === '前' || m.cmp === '之前' || m.cmp === '以前' || m.cmp === '以内' ? 'by' : m.cmp ? 'after' : 'in';
      const matchedZh = m.w0 || m.w || m.zq || m.end || m.cmp;
      if (!matchedZh) return null;
      // 年底前 is by the year's end; 2028年以前 is by 2028 too (a buyer's "before" includes the year named).
      return completionOf(Number(m.y), readQuarter(m.zq), cmp, Boolean(m.end) && cmp === 'in', ctx);
    },
  },
  // A year alone in a Russian or Chinese query («2027», «2027 год»): the completion year, the only year a flat has.
  { re: g(`${START}${YEAR}(?!\\d)(?:\\s*(?:г\\.|г(?![a-zа-я])|год${REST}|年))?`), read: (m, ctx) => completionOf(Number(m.y), null, 'in', false, ctx) },
  // «сдача в следующем году», "ready next year", 明年交付
  {
    re: g(
      `${opt(`(?<w>${RU_COMPLETION_WORD}|${EN_COMPLETION_WORD})\\s*`)}${opt(`(?<cmp>до\\s+конца|by\\s+the\\s+end\\s+of|by|in|within)\\s+`)}${RELATIVE_YEAR}${opt(`\\s*(?:(?<cmp2>前|之前|以内)\\s*)?(?<w2>交付|交房|竣工|入住)`)}`,
    ),
    read: (m, ctx) => {
      const year = relativeYear(m.rel!, ctx.year);
      const by = Boolean(m.cmp && /конца|by|within/.test(m.cmp)) || Boolean(m.cmp2);
      return completionOf(year, null, by ? 'by' : 'in', false, ctx);
    },
  },
];

// ——— Sun: hours of direct sun on 21 March (the filter's thresholds, "at least N hours") ———

const SUN_ITEM = FILTER_ITEMS.find((item) => item.name === 'sun_march');
/** The threshold of the filter's choices a wish of `hours` asks for: the highest not above it (at least 2, at most the last). */
function sunThreshold(hours: number): Reading {
  if (SUN_ITEM?.kind !== 'choice' || !SUN_ITEM.values?.length) return { ignored: 'unsupported' };
  const values = SUN_ITEM.values;
  const fits = values.filter((v) => Number(v) <= hours);
  return { pieces: [{ item: 'sun_march', values: [fits.at(-1) ?? values[0]!] }] };
}

const SUN_RULES: Rule[] = [
  {
    re: g(
      `${START}(?:(?:от|не\\s+менее|минимум|хотя\\s+бы|at\\s+least|min(?:imum)?)\\s+)?(?<n>\\d{1,2})\\s*\\+?\\s*(?:-?х\\s*)?(?:час${REST}|hours?|hrs?|h)\\s+(?:of\\s+)?(?:прям${REST}\\s+)?(?:direct\\s+)?(?:солнц${REST}|инсоляци${REST}|sun(?:light|shine)?)${END}(?:\\s+(?:в\\s+марте|21\\s+марта|in\\s+march|on\\s+21\\s+march))?`,
    ),
    read: (m) => sunThreshold(Number(m.n)),
  },
  {
    re: g('(?:(?:日照|光照)(?:时间)?\\s*(?<n>\\d{1,2})\\s*(?:个)?小时|(?<m>\\d{1,2})\\s*(?:个)?小时(?:以上)?的?(?:日照|光照))(?:以上)?'),
    read: (m) => sunThreshold(Number(m.n ?? m.m)),
  },
];

export const GRAMMAR: readonly Rule[] = [
  ...withFigures(SUN_RULES),
  ...ROOM_RULES,
  ...withFigures(MONEY_RULES),
  ...withFigures(AREA_RULES),
  ...withFigures(FLOOR_RULES.slice(0, 3)),
  ...FLOOR_RULES.slice(3),
  ...withFigures(COMPLETION_RULES.slice(0, 4)),
  ...COMPLETION_RULES.slice(4),
];
