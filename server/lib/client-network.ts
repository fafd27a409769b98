import ipaddr from 'ipaddr.js';

/**
 * The network a client's address stands for, as every per-client limit counts it: an IPv4 address is itself (and so
 * is one written inside IPv6, `::ffff:203.0.113.7`, as a dual-stack socket reports it), an IPv6 address is its /64.
 * One subscriber, home or phone, gets a whole /64 and may take a new address in it at will (RFC 4941 privacy
 * addresses), so a limit kept per IPv6 address would count each request apart. Anything unparsable is kept as given.
 */
export function clientNetwork(ip: string): string {
  const bare = ip
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return ip;
  const address = ipaddr.parse(bare);
  if (address.kind() === 'ipv4') return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const parts = v6.parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}
