/** An amount as YooKassa writes it: a decimal string with two places (`"50000.00"`) and the currency. */
export type Money = { value: string; currency: 'RUB' };

/** Kopecks (the database's integer amounts) to YooKassa's amount: 5_000_000n → `{ value: "50000.00", currency: "RUB" }`. */
export function kopecksToMoney(kopecks: bigint | number): Money {
  if (typeof kopecks === 'number' && !Number.isSafeInteger(kopecks)) throw new RangeError(`not a whole number of kopecks: ${kopecks}`);
  const whole = BigInt(kopecks);
  if (whole < 0n) throw new RangeError('an amount is never negative');
  return { value: `${whole / 100n}.${String(whole % 100n).padStart(2, '0')}`, currency: 'RUB' };
}

/** YooKassa's amount to kopecks: `"50000.00"` (or `"50000"`, `"50000.5"`) → 5_000_000n. Throws on anything else. */
export function moneyToKopecks(money: Money): bigint {
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(money.value);
  if (!match || money.currency !== 'RUB') throw new RangeError(`not an amount in roubles: ${money.value} ${money.currency}`);
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}
