import { describe, expect, it } from 'vitest';
import { secondFactorAccount } from './routes-auth.ts';

describe('secondFactorAccount', () => {
  it('counts a sign-in by its first step, under the cookie name of HTTP or HTTPS, and never shows the cookie', () => {
    const one = secondFactorAccount({ 'staff.two_factor': 'first-step-one' });
    expect(secondFactorAccount({ '__Secure-staff.two_factor': 'first-step-one' })).toBe(one);
    expect(secondFactorAccount({ 'staff.two_factor': 'first-step-two' })).not.toBe(one);
    expect(one).not.toContain('first-step-one');
    expect(secondFactorAccount({})).toBe('(second factor) without a first step');
    expect(secondFactorAccount({ 'staff.session_token': 'x' })).toBe('(second factor) without a first step');
  });
});
