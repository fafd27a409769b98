import { describe, expect, it } from 'vitest';
import { lowerCasePath } from './pages.ts';

describe('lowerCasePath', () => {
  it('lowers a page address, and leaves a deal token’s case alone (its value), with or without a language', () => {
    expect(lowerCasePath('/EN/Projects')).toBe('/en/projects');
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdE';
    expect(lowerCasePath(`/deal/${token}`)).toBe(`/deal/${token}`);
    expect(lowerCasePath(`/en/deal/${token}`)).toBe(`/en/deal/${token}`);
    expect(lowerCasePath(`/deal/${token}/documents/3`)).toBe(`/deal/${token}/documents/3`);
    expect(lowerCasePath('/Dealers/Moscow')).toBe('/dealers/moscow');
  });
});
