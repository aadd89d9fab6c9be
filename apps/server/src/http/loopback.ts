// Whether an address or a listening host belongs to this machine only. The sandboxes answer only
// such clients, and the development key-encryption key is allowed only on such a host.
import net from 'node:net';

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** A client address (as Fastify's `request.ip` gives it) on the loopback interface. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(bare);
  if (family === 0) return false;
  return loopback.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** A HOST to listen on that only this machine can reach (`localhost` or a loopback address). */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}
