import { describe, expect, it } from 'vitest';
import { isRange, isTrustedAddress, YOOKASSA_PUBLISHED_RANGES } from './trust.ts';

describe('isTrustedAddress', () => {
  const published = YOOKASSA_PUBLISHED_RANGES;

  it("admits YooKassa's published addresses, IPv4 and IPv6, at the ranges' edges", () => {
    for (const ip of [
      '185.71.76.0',
      '185.71.76.31',
      '185.71.77.5',
      '77.75.153.127',
      '77.75.156.11',
      '77.75.156.35',
      '77.75.154.128',
      '77.75.154.255',
      '2a02:5180::1',
      '2a02:5180:ffff:ffff::1',
    ])
      expect(isTrustedAddress(ip, published), ip).toBe(true);
  });

  it('refuses the addresses just outside them, and anything that is not an address', () => {
    for (const ip of [
      '185.71.76.32',
      '185.71.75.255',
      '77.75.153.128',
      '77.75.156.12',
      '77.75.154.127',
      '2a02:5181::1',
      '127.0.0.1',
      '::1',
      '',
      'localhost',
      '185.71.76',
      '185.71.76.5/27',
      'fe80::1%eth0',
    ])
      expect(isTrustedAddress(ip, published), ip).toBe(false);
  });

  it('reads an IPv4 address written inside IPv6, as a dual-stack socket reports it', () => {
    expect(isTrustedAddress('::ffff:185.71.76.5', published)).toBe(true);
    expect(isTrustedAddress('::FFFF:185.71.76.5', published)).toBe(true);
    expect(isTrustedAddress('::ffff:b947:4c05', published)).toBe(true); // 185.71.76.5 in hex
    expect(isTrustedAddress('::ffff:127.0.0.1', published)).toBe(false);
    expect(isTrustedAddress('::ffff:127.0.0.1', ['127.0.0.1/32'])).toBe(true);
  });

  it('takes single addresses and ranges of either family from a configured list', () => {
    const ranges = ['10.1.0.0/16', '192.0.2.7', 'fd00::/8'];
    expect(isTrustedAddress('10.1.200.3', ranges)).toBe(true);
    expect(isTrustedAddress('10.2.0.1', ranges)).toBe(false);
    expect(isTrustedAddress('192.0.2.7', ranges)).toBe(true);
    expect(isTrustedAddress('192.0.2.8', ranges)).toBe(false);
    expect(isTrustedAddress('fd12::5', ranges)).toBe(true);
    expect(isTrustedAddress('[fd12::5]', ranges)).toBe(true);
  });
});

describe('isRange', () => {
  it('accepts addresses and CIDR ranges, and nothing else', () => {
    for (const range of ['185.71.76.0/27', '77.75.156.11', '2a02:5180::/32', '0.0.0.0/0', '::/0', '10.0.0.1/32']) expect(isRange(range), range).toBe(true);
    for (const range of ['185.71.76.0/33', '2a02:5180::/129', '185.71.76.0/', '/27', 'published', '1.2.3/24', '1.2.3.4/2/3', '1.2.3.4/-1', '::ffff:1.2.3.4/24'])
      expect(isRange(range), range).toBe(false);
  });
});
