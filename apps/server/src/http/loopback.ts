// Whether an address or a listening host belongs to this machine only. The sandboxes and the
// metrics answer such clients, and the development key-encryption key is allowed only on such a host.
import net from 'node:net';
import type { FastifyRequest } from 'fastify';

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

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether the request comes from this machine. A request that names a forwarded client while no
 * proxy is trusted came through a proxy we know nothing about (say one on this machine, which
 * makes every client look like 127.0.0.1): it is not taken for a local one.
 */
export function isLocalClient(request: FastifyRequest, trustsProxy: boolean): boolean {
  if (!isLoopbackAddress(request.ip)) return false;
  return trustsProxy || !FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
}
