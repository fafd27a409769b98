import { describe, expect, it } from 'vitest';
import { isWellFormedHost } from './host.ts';

describe('a Host header', () => {
  it('is a host name, an IPv4 or bracketed IPv6 address, with a port or not', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'www.example.ru',
      'www.example.ru.',
      '127.0.0.1:80',
      '[::1]',
      '[::1]:3000',
      'xn--80ak6aa92e.xn--p1ai',
      'my_host.local',
    ])
      expect(isWellFormedHost(host), host).toBe(true);
  });
  it('is nothing else', () => {
    for (const host of [
      '',
      'bad host',
      'a/b',
      'a?b',
      'a#b',
      'a@b',
      '[::1',
      'site.ru:99999',
      'site.ru:port',
      'site.ru:',
      '-site.ru',
      'site.ru\\x',
      `${'a'.repeat(256)}`,
    ])
      expect(isWellFormedHost(host), host).toBe(false);
  });
});
