import { END, REST, START } from './text.ts';

/**
 * Figures as buyers write them: «15 000 000», «7,5», "1,500,000", «полтора»; multipliers («тыс», «млн», "k", "m",
 * 万, 亿); currencies («$», «евро», 元); comparisons («до», "under", 以下). Patterns over the normalised text (text.ts).
 */

/** A number: digits with spaces between thousands («15 000 000»), a decimal point or comma, or English thousands commas. */
export const NUM = '(?:\\d{1,3}(?:,\\d{3})+(?![\\d,])|\\d{1,3}(?: \\d{3})+(?!\\d)|\\d+(?:[.,]\\d+)?|полтора|полторы)';

/** `NUM`'s text as a number; `lang` decides «1,500»: 1.5 in Russian, 1500 elsewhere. */
export function readNumber(text: string, lang: string): number {
  const t = text.trim();
  if (t === 'полтора' || t === 'полторы') return 1.5;
  if (/^\d{1,3}(?:,\d{3})+$/.test(t) && (lang !== 'ru' || t.split(',').length > 2)) return Number(t.replace(/,/g, ''));
  return Number(t.replace(/ /g, '').replace(',', '.'));
}

/** Multipliers of an amount of money, each with its factor; Chinese counts in 万 (10 000) and 亿 (10^8). */
const MULTIPLIERS: [string, number][] = [
  [`тыс${REST}\\.?|т\\.?\\s?р\\.?|тыщ${REST}|к`, 1e3],
  [`млн\\.?|миллион${REST}|мил${END}|лям${REST}|млрд\\.?|миллиард${REST}`, 1e6],
  ['thousand|grand|k', 1e3],
  [`million${REST}|mln|mn|m(?![²2])`, 1e6],
  [`billion${REST}|bn`, 1e9],
];
export const MUL = `(?:(?:${MULTIPLIERS.map(([re]) => re).join('|')})${END}|千万|百万|十万|千|万|亿)`;

/** The factor of a multiplier `MUL` matched. */
export function multiplier(text: string | undefined): number {
  if (!text) return 1;
  const t = text.trim();
  const zh: Record<string, number> = { 千万: 1e7, 百万: 1e6, 十万: 1e5, 千: 1e3, 万: 1e4, 亿: 1e8 };
  if (zh[t]) return zh[t];
  if (/^(?:млрд|миллиард|billion|bn)/.test(t)) return 1e9;
  for (const [re, factor] of MULTIPLIERS) if (new RegExp(`^(?:${re})$`, 'u').test(t)) return factor;
  return 1;
}

export const CURRENCY_CODES = ['usd', 'eur', 'cny', 'aed'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
/** A currency an amount is written in: roubles, or one the Bank of Russia's rate converts. */
export type Currency = 'rub' | CurrencyCode;

/** Currency signs and words written before an amount ("$200k", "US$ 150k", "€300 000"). */
export const CUR_BEFORE = '(?:us\\$|\\$|€|¥|₽|(?:usd|eur|cny|rmb|aed|rub)(?=\\s?\\d))';
/** Currency signs and words written after an amount («200 тыс долларов», "150k euros", 200万人民币). */
export const CUR_AFTER = `(?:₽|\\$|€|¥|(?:руб${REST}|р\\.|rub${REST}|roubles?|rur|usd|долл${REST}|бакс${REST}|dollars?|bucks|eur|euros?|евро|cny|rmb|yuan|юан${REST}|aed|dirhams?|дирхам${REST})${END}|卢布|美元|美金|欧元|人民币|元|迪拉姆)`;

export function currencyOf(text: string | undefined): Currency {
  const t = (text ?? '').trim();
  if (!t) return 'rub';
  if (/^(?:us\$|\$|usd|долл|бакс|dollar|buck|美元|美金)/.test(t)) return 'usd';
  if (/^(?:€|eur|евро|欧元)/.test(t)) return 'eur';
  if (/^(?:¥|cny|rmb|yuan|юан|人民币|元)/.test(t)) return 'cny';
  if (/^(?:aed|dirham|дирхам|迪拉姆)/.test(t)) return 'aed';
  return 'rub';
}

/** Comparisons before a figure: at most, at least, about. */
const MAX_BEFORE = [
  'до',
  'не\\s+дороже',
  'дешевле',
  'не\\s+более',
  'не\\s+больше',
  'меньше',
  'менее',
  'максимум',
  'макс\\.?',
  'в\\s+пределах',
  'в\\s+рамках',
  'не\\s+выше',
  'ниже',
  'under',
  'below',
  'up\\s+to',
  'less\\s+than',
  'max(?:imum)?',
  'cheaper\\s+than',
  'no\\s+more\\s+than',
  'not\\s+more\\s+than',
  'not\\s+over',
  'within',
  'lower\\s+than',
  'smaller\\s+than',
  '<=?',
  '≤',
  '不超过',
  '低于',
  '少于',
  '小于',
  '最多',
  '不高于',
  '不到',
  '以内',
];
const MIN_BEFORE = [
  'от',
  'не\\s+меньше',
  'не\\s+менее',
  'больше',
  'более',
  'свыше',
  'выше',
  'минимум',
  'мин\\.?',
  'не\\s+дешевле',
  'дороже',
  'не\\s+ниже',
  'с',
  'from',
  'over',
  'above',
  'more\\s+than',
  'at\\s+least',
  'min(?:imum)?',
  'no\\s+less\\s+than',
  'not\\s+less\\s+than',
  'bigger\\s+than',
  'larger\\s+than',
  'higher\\s+than',
  'starting\\s+(?:at|from)',
  '>=?',
  '≥',
  '超过',
  '大于',
  '高于',
  '至少',
  '不少于',
  '不低于',
  '不小于',
  '最少',
  '从',
];
const ABOUT_BEFORE = [
  'около',
  'примерно',
  'порядка',
  'приблизительно',
  'где-то',
  'about',
  'around',
  'approx\\.?',
  'approximately',
  'roughly',
  '~',
  '大约',
  '约',
];
const MAX_AFTER = [
  'и\\s+меньше',
  'и\\s+менее',
  'и\\s+дешевле',
  'и\\s+ниже',
  'или\\s+меньше',
  'максимум',
  'max',
  'or\\s+less',
  'or\\s+under',
  'or\\s+below',
  'and\\s+(?:under|below|less)',
  '以下',
  '以内',
  '之内',
  '内',
];
const MIN_AFTER = [
  '\\+',
  'и\\s+более',
  'и\\s+больше',
  'и\\s+выше',
  'и\\s+дороже',
  'или\\s+больше',
  'минимум',
  'or\\s+more',
  'or\\s+above',
  'or\\s+higher',
  'and\\s+(?:up|above|more|over|higher)',
  'plus',
  '以上',
  '起',
  '及以上',
  '或以上',
  '以上的',
];
const ABOUT_AFTER = ['左右', '上下'];

const alternation = (list: readonly string[]) =>
  list
    .slice()
    .sort((a, b) => b.length - a.length)
    .join('|');
/** A word before a figure: its Latin or Cyrillic words are whole words. */
const before = (list: readonly string[]) => `(?:${START}(?:${alternation(list)})(?![a-zа-я0-9])|(?:${alternation(list.filter((w) => !/[a-zа-я]/.test(w)))}))`;
export const CMP_BEFORE = `(?:${before([...MAX_BEFORE, ...MIN_BEFORE, ...ABOUT_BEFORE])})`;
export const CMP_AFTER = `(?:${alternation([...MAX_AFTER, ...MIN_AFTER, ...ABOUT_AFTER])})(?![a-zа-я0-9])`;

export type Comparison = 'max' | 'min' | 'about' | 'exact';
const test = (list: readonly string[], text: string) => new RegExp(`^(?:${alternation(list)})$`, 'u').test(text.trim().replace(/\s+/g, ' '));

/** What a comparison word says; `strict` marks «выше», "above", 高于 (a floor «выше 10-го» starts at the 11th). */
export function comparison(text: string | undefined): { kind: Comparison; strict: boolean } {
  if (!text) return { kind: 'exact', strict: false };
  const t = text.trim().replace(/\s+/g, ' ');
  const strict =
    /^(?:выше|ниже|свыше|больше|меньше|более|менее|above|over|below|under|more than|less than|higher than|lower than|高于|低于|超过|大于|小于|少于)$/.test(t);
  if (test(MAX_BEFORE, t) || test(MAX_AFTER, t)) return { kind: 'max', strict };
  if (test(MIN_BEFORE, t) || test(MIN_AFTER, t)) return { kind: 'min', strict };
  if (test(ABOUT_BEFORE, t) || test(ABOUT_AFTER, t)) return { kind: 'about', strict: false };
  return { kind: 'exact', strict: false };
}

/** Between two figures: «60-80», «от 60 до 80», "between 60 and 80", "60 to 80", 60到80. */
export const RANGE_START = `(?:${START}(?:от|from|between|между|с)\\s*|从|在)?`;
export const RANGE_JOIN = `\\s*(?:-|~|${START}(?:до|to|and|и|по)(?![a-zа-я0-9])|到|至)\\s*`;
