import { describe, expect, it } from 'vitest';
import en from './en/index.ts';
import ru from './ru/index.ts';
import zh from './zh/index.ts';

/** Every leaf of a catalog section as `path → text`. */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) for (const [p, text] of leaves(child, path ? `${path}.${key}` : key)) out.set(p, text);
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the purchase catalog', () => {
  const source = leaves(ru.purchase);

  it.each([
    ['en', en],
    ['zh', zh],
  ] as const)('%s has every key of the Russian one, no other, each with the same placeholders and not empty', (_, messages) => {
    const translated = leaves(messages.purchase);
    expect([...translated.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [key, text] of source) {
      expect(translated.get(key), key).not.toBe('');
      expect(placeholders(translated.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});
