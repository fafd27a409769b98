import { XMLParser } from 'fast-xml-parser';
import { CURRENCIES, type CurrencyCode, type CurrencyRates } from '#core/currency/rates.ts';

/**
 * The Bank of Russia's daily rates feed, `XML_daily` (https://www.cbr.ru/scripts/XML_daily.asp): windows-1251 XML,
 * `<ValCurs Date="28.11.2026">` and one `<Valute>` per currency with its `CharCode`, `Nominal` (how many units the
 * rate is for: 1 dollar, once 10 yuan), `Value` (roubles for `Nominal` units) and, since 2022, `VunitRate` (roubles
 * for one unit), all with comma decimals. What we keep of it: the four currencies' rates for one unit, and the day.
 */

export class RatesFeedError extends Error {
  override name = 'RatesFeedError';
}

/** One currency as the feed said it: its nominal and value, and roubles for one unit. */
export type FeedRate = { code: CurrencyCode; nominal: number; value: number; perUnit: number };
export type DailyRates = CurrencyRates & { rates: FeedRate[] };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Every value as the feed wrote it: "78,2284" is no number to a parser that expects a point.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Valute',
  // The feed holds no entities: none are expanded (no entity tricks through a feed we do not control).
  processEntities: false,
});

/** The text of the bytes in the encoding the XML declaration names (windows-1251), UTF-8 when it names none. */
export function decodeFeed(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new RatesFeedError(`the feed is not ${declared ?? 'utf-8'} text: ${(error as Error).message}`);
  }
}

/** "78,2284" → 78.2284; anything else is an error naming the field. */
function decimal(raw: unknown, what: string): number {
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d+(?:[,.]\d+)?$/.test(text)) throw new RatesFeedError(`${what} is not a decimal: ${JSON.stringify(raw)}`);
  const value = Number(text.replace(',', '.'));
  if (!(value > 0)) throw new RatesFeedError(`${what} must be above zero: ${text}`);
  return value;
}

/** "28.11.2026" → "2026-11-28". */
function feedDate(raw: unknown): string {
  const match = typeof raw === 'string' ? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(raw.trim()) : null;
  if (!match) throw new RatesFeedError(`ValCurs Date is not dd.mm.yyyy: ${JSON.stringify(raw)}`);
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  if (Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) || new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) !== iso)
    throw new RatesFeedError(`ValCurs Date is not a day: ${raw as string}`);
  return iso;
}

/**
 * The four currencies' rates of one `XML_daily` answer. `VunitRate` is taken when present and must agree with
 * `Value / Nominal` (a feed whose two figures disagree is not believed); without it (the feed before 2022),
 * `Value / Nominal`. Throws RatesFeedError when the feed lacks one of the four or says something malformed.
 */
export function parseDailyRates(bytes: Uint8Array): DailyRates {
  let document: unknown;
  try {
    document = parser.parse(decodeFeed(bytes), true);
  } catch (error) {
    if (error instanceof RatesFeedError) throw error;
    throw new RatesFeedError(`the feed is not XML: ${(error as Error).message}`);
  }
  const valCurs = (document as { ValCurs?: { Date?: unknown; Valute?: Record<string, unknown>[] } }).ValCurs;
  if (!valCurs) throw new RatesFeedError('the feed has no ValCurs element');
  const date = feedDate(valCurs.Date);
  const byCode = new Map(
    (valCurs.Valute ?? []).map((valute) => [
      String(valute.CharCode ?? '')
        .trim()
        .toLowerCase(),
      valute,
    ]),
  );
  const rates = CURRENCIES.map((code): FeedRate => {
    const valute = byCode.get(code);
    if (!valute) throw new RatesFeedError(`the feed of ${date} has no ${code.toUpperCase()}`);
    const what = `${code.toUpperCase()} of ${date}`;
    const nominalText = typeof valute.Nominal === 'string' ? valute.Nominal.trim() : '';
    if (!/^[1-9]\d{0,6}$/.test(nominalText)) throw new RatesFeedError(`${what}: Nominal is not a whole number: ${JSON.stringify(valute.Nominal)}`);
    const nominal = Number(nominalText);
    const value = decimal(valute.Value, `${what}: Value`);
    const computed = value / nominal;
    let perUnit = computed;
    if (valute.VunitRate !== undefined) {
      perUnit = decimal(valute.VunitRate, `${what}: VunitRate`);
      // VunitRate is Value / Nominal rounded by the bank (to 4 places or more): a wider gap is a feed not to believe.
      if (Math.abs(perUnit - computed) > 1e-4 * Math.max(1, computed))
        throw new RatesFeedError(`${what}: VunitRate ${perUnit} disagrees with Value / Nominal = ${computed}`);
    }
    return { code, nominal, value, perUnit };
  });
  return { date, perUnit: Object.fromEntries(rates.map((rate) => [rate.code, rate.perUnit])) as Record<CurrencyCode, number>, rates };
}
