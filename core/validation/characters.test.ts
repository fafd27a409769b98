import { describe, expect, it } from 'vitest';
import { findUnsafeCharacter } from './characters.ts';

describe('findUnsafeCharacter', () => {
  it('lets every real text through, whole emoji and other scripts included', () => {
    for (const text of ['', 'Anna', 'Анна-Мария', '王小明', 'Call me 😀👍🏽', '👨‍👩‍👧', 'tab\tand\nnewline', '\uFFFD'])
      expect(findUnsafeCharacter(text), text).toBeNull();
  });

  it('finds NUL and halves of a UTF-16 pair, with where they are', () => {
    expect(findUnsafeCharacter('Ann\u0000a')).toEqual({ kind: 'nul', codePoint: 0, index: 3 });
    expect(findUnsafeCharacter('Hi \uD83D')).toEqual({ kind: 'surrogate', codePoint: 0xd83d, index: 3 });
    expect(findUnsafeCharacter('\uDE00x')).toEqual({ kind: 'surrogate', codePoint: 0xde00, index: 0 });
    expect(findUnsafeCharacter('😀\uDE00')).toEqual({ kind: 'surrogate', codePoint: 0xde00, index: 2 });
    expect(findUnsafeCharacter('\uD83D\uD83D\uDE00')).toEqual({ kind: 'surrogate', codePoint: 0xd83d, index: 0 });
  });
});
