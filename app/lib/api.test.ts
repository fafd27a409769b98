import { describe, expect, it } from 'vitest';
import { readCsrfToken } from './api.ts';

describe('CSRF token in the browser', () => {
  const doc = (content: string | null) => ({
    querySelector: (selector: string) =>
      selector === 'meta[name="csrf-token"]' && content !== null ? ({ getAttribute: () => content } as unknown as Element) : null,
  });

  it('reads the cookie first, then the configured meta tag', () => {
    expect(readCsrfToken('a=1; csrftoken=abc%3D; b=2', 'csrf-token', doc('meta'))).toBe('abc=');
    expect(readCsrfToken('a=1', 'csrf-token', doc('from-meta'))).toBe('from-meta');
    expect(readCsrfToken('', 'csrf-token', doc(null))).toBeNull();
    expect(readCsrfToken('', 'other-name', doc('x'))).toBeNull();
  });
});
