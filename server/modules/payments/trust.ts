import { BlockList, isIP } from 'node:net';

/**
 * The addresses YooKassa sends its notifications from, as its documentation publishes them
 * (yookassa.ru/developers/using-api/webhooks, "IP authentication"; checked November 2026). A notification carries
 * no signature: its address is the first check, reading the object back from the API the proof.
 */
export const YOOKASSA_PUBLISHED_RANGES: readonly string[] = Object.freeze([
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
]);

type Family = 'ipv4' | 'ipv6';

/** An address of IPv4 written inside IPv6 (`::ffff:185.71.76.5`, as a dual-stack socket reports it) is IPv4. */
function normalize(ip: string): { address: string; family: Family } | null {
  const bare = ip.trim().replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  const address = mapped?.[1] ?? bare;
  const version = isIP(address);
  if (version === 4) return { address, family: 'ipv4' };
  if (version === 6) return { address, family: 'ipv6' };
  return null;
}

/** One address or CIDR range, parsed; null when it is neither. */
function parseRange(range: string): { address: string; family: Family; prefix: number } | null {
  const [host = '', prefixText, extra] = range.trim().split('/');
  if (extra !== undefined) return null;
  const parsed = normalize(host);
  if (!parsed || parsed.address !== host.trim()) return null;
  const max = parsed.family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { ...parsed, prefix: max };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= max ? { ...parsed, prefix } : null;
}

/** Whether `range` is an IPv4 or IPv6 address or CIDR range (`185.71.76.0/27`, `77.75.156.11`, `2a02:5180::/32`). */
export const isRange = (range: string): boolean => parseRange(range) !== null;

/** Parsed lists by their text: a process has one or two (the configuration's, a test's). */
const lists = new Map<string, BlockList>();

function blockList(ranges: readonly string[]): BlockList {
  const text = ranges.join(',');
  let list = lists.get(text);
  if (list) return list;
  list = new BlockList();
  for (const range of ranges) {
    const parsed = parseRange(range);
    if (!parsed) throw new TypeError(`not an address or CIDR range: ${range}`);
    list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  if (lists.size >= 16) lists.clear();
  lists.set(text, list);
  return list;
}

/**
 * Whether `ip` (IPv4, IPv6 or IPv4-mapped IPv6, as `request.ip` gives it) lies in one of `ranges` (addresses and
 * CIDR ranges of either family). Anything that is not an address is untrusted. A range that is neither throws
 * (the configuration has checked them). Lists are parsed once and kept.
 */
export function isTrustedAddress(ip: string, ranges: readonly string[]): boolean {
  const parsed = normalize(ip);
  if (!parsed) return false;
  return blockList(ranges).check(parsed.address, parsed.family);
}
