import { isIPv4, isIPv6 } from 'node:net';

/**
 * The source a connection counts against for the per-source connection cap (docs/security.md,
 * Connections and memory): an IPv4 address as it is (an IPv4-mapped IPv6 address read as the IPv4
 * one), an IPv6 address by its /64 network, the share one host usually holds, so a host cannot
 * take every slot by cycling through its own addresses.
 */
export function connectionSource(address: string | undefined): string {
  if (address === undefined) return 'unknown';
  const mapped = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIPv4(mapped) || !isIPv6(address)) return mapped;
  const [head = '', tail = ''] = (address.split('%')[0] ?? '').split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === '' ? [] : tail.split(':');
  const zeros = Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0');
  const network = [...front, ...zeros, ...back].slice(0, 4);
  return `${network.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}
