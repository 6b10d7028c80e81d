import { isIPv6 } from 'node:net';

/**
 * The client a throttle counts by: an IPv4 address as it is, an IPv6 address by its /64 (one subscriber's
 * network: a host that has one can change the rest of its address at will, so per-address counts would
 * never fill).
 * @example clientKeyOf('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function clientKeyOf(ip: string): string {
  const mapped = ip.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
