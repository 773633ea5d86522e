/**
 * Which network addresses a webhook may be sent to: only public unicast ones. A user's
 * URL must never point our delivery function at the inside of its own network — loopback, private
 * ranges, link-local (the cloud's metadata service at 169.254.169.254), carrier-grade NAT,
 * benchmarking (198.18/15), documentation, multicast (224/4), reserved (240/4) and broadcast, and
 * their IPv6 counterparts. An IPv4 address wrapped in IPv6 (::ffff:a.b.c.d, the NAT64 prefix
 * 64:ff9b::/96, 6to4 2002::/16) is judged by the IPv4 address inside. Pure rules: no look-up here.
 */
import { BlockList, isIP } from 'node:net';

const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast included
];

const BLOCKED_V6: readonly [string, number][] = [
  ['::', 96], // unspecified, loopback (::1) and the deprecated IPv4-compatible ::a.b.c.d
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const blocked = new BlockList();
for (const [network, prefix] of BLOCKED_V4) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of BLOCKED_V6) blocked.addSubnet(network, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (any notation, an embedded dotted IPv4 tail included). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - (tail === undefined ? 0 : groups(tail).length);
  const all = [...groups(head), ...(tail === undefined ? [] : Array(missing).fill('0')), ...(tail === undefined ? [] : groups(tail))];
  return all.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/** The IPv4 address an IPv6 address carries, where it is one of the wrappings that reach it. */
function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  const v4 = (from: number) => bytes.slice(from, from + 4).join('.');
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (IPv4-mapped)
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12);
  // 64:ff9b::/96 (NAT64)
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return v4(12);
  // 2002:a.b.c.d::/48 (6to4)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2);
  return undefined;
}

/** True for a literal IP address a webhook may not be sent to (see above); false for a public one or a non-address. */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    if (inner !== undefined) return blocked.check(inner, 'ipv4');
    return blocked.check(bare, 'ipv6');
  }
  return false;
}

/** Loopback (127/8, ::1, or one wrapped in IPv6): the one kind the local cloud's allowance lets through. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return bare.startsWith('127.');
  if (family === 6) {
    const inner = embeddedIpv4(bare);
    return inner !== undefined ? inner.startsWith('127.') : ipv6Bytes(bare).every((b, i) => b === (i === 15 ? 1 : 0));
  }
  return false;
}

/** Whether a webhook may go to `address`: public, or loopback where the local cloud allows it. */
export function isAllowedWebhookAddress(address: string, allowLoopback: boolean): boolean {
  if (allowLoopback && isLoopbackAddress(address)) return true;
  return isIP(address.replace(/^\[|\]$/g, '')) !== 0 && !isForbiddenAddress(address);
}
