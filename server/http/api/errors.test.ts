import { describe, expect, it } from 'vitest';
import { fieldErrors } from './errors.ts';

describe('fieldErrors', () => {
  it("names fields called like Object.prototype's own (a fuzzed body's `constructor` once answered 500)", () => {
    const errors = fieldErrors([
      { path: [], code: 'unrecognized_keys', keys: ['constructor', '__proto__', 'toString'], message: 'Unrecognized keys' },
      { path: ['constructor'], message: 'Required' },
      { path: [], message: 'Expected an object' },
    ]);
    // Built from entries: a `__proto__` key in an object literal would set the prototype instead.
    expect(JSON.stringify(errors)).toBe(
      JSON.stringify(
        Object.fromEntries([
          ['constructor', ['Unknown field.', 'Required']],
          ['__proto__', ['Unknown field.']],
          ['toString', ['Unknown field.']],
          ['non_field_errors', ['Expected an object']],
        ]),
      ),
    );
  });
});
