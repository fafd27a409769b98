/** A completion code of a lot, building or filter choice: `2027-Q4`; `done` (or none) for a house handed over. */
export type CompletionQuarter = { year: number; quarter: 1 | 2 | 3 | 4 };

/** `2027-Q4` → `{ year: 2027, quarter: 4 }`; `done`, `null` or anything else → `null` (handed over). */
export function parseCompletion(code: string | null | undefined): CompletionQuarter | null {
  const match = code ? /^(\d{4})-Q([1-4])$/.exec(code) : null;
  if (!match) return null;
  return { year: Number(match[1]), quarter: Number(match[2]) as CompletionQuarter['quarter'] };
}
