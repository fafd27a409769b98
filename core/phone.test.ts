import { describe, expect, it } from 'vitest';
import { formatPhone, telHref, whatsappHref } from './phone.ts';

describe('phone formatting', () => {
  it('groups Russian numbers and builds links', () => {
    expect(formatPhone('+74950001234')).toBe('+7 495 000-12-34');
    expect(formatPhone('+861012345678')).toBe('+861012345678');
    expect(telHref('+7 495 000-12-34')).toBe('tel:+74950001234');
    expect(whatsappHref('+74950001234')).toBe('https://wa.me/74950001234');
  });
});
