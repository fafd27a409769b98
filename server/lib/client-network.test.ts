import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.ts';

describe('clientNetwork', () => {
  it('counts an IPv6 client by its /64, whichever address in it it takes', () => {
    const a = clientNetwork('2a02:6b8:c0e:500:1:2:3:4');
    expect(a).toBe('2a02:6b8:c0e:500::/64');
    expect(clientNetwork('2a02:06b8:0c0e:0500:ffff:ffff:ffff:fffe')).toBe(a);
    expect(clientNetwork('[2a02:6b8:c0e:500::1]')).toBe(a);
    expect(clientNetwork('2a02:6b8:c0e:501::1')).not.toBe(a);
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4 client by its address, also when a dual-stack socket writes it inside IPv6', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('203.0.113.8')).not.toBe('203.0.113.7');
  });

  it('keeps what is not an address as given', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
    expect(clientNetwork('')).toBe('');
  });
});
