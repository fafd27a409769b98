/** Free of dependencies: the zod text schema (core/schemas/text.ts) and pages import it without the phone rules. */

export type UnsafeCharacter = { kind: 'nul' | 'surrogate'; codePoint: number; index: number };

/**
 * The first character no text field takes, or null: NUL (PostgreSQL text cannot hold it) and half of a
 * UTF-16 pair without its other half (half an emoji, cut by a broken client or a fuzzer), which no UTF-8
 * text can hold. No person types either; refusing them here names the field instead of failing in the
 * database. A plain loop, not a lookbehind regex: this file runs in older browsers too.
 */
export function findUnsafeCharacter(value: string): UnsafeCharacter | null {
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index);
    if (unit === 0) return { kind: 'nul', codePoint: 0, index };
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
        continue;
      }
    }
    return { kind: 'surrogate', codePoint: unit, index };
  }
  return null;
}
