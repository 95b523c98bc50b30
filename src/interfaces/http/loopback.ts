/**
 * Loopback addresses: where a server without API keys may listen, and the hosts its requests
 * may name.
 * @module
 */
import { BlockList, isIP } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/**
 * True for `localhost`, an IPv4 address in 127.0.0.0/8, `::1` (with or without brackets) and
 * IPv4-mapped 127.x addresses; false for everything else, `0.0.0.0` and `::` included (they listen
 * on every interface).
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost') return true;
  const family = isIP(bare);
  if (family === 0) return false;
  return loopback.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}
