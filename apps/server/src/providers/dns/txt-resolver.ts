// DNS TXT lookups, for proving domain claims. The real resolver is Node's, pointed at the servers
// DNS_RESOLVER names (host or host:port, comma-separated) or at the system's (`system`); tests
// point it at a DNS server of their own on loopback. Outside production the default is the
// sandbox zone instead (`sandbox-txt-resolver.ts`).
import { Resolver } from 'node:dns/promises';

export interface TxtResolver {
  /** The TXT records at a name, each as its list of strings; throws ENOTFOUND/ENODATA when none. */
  resolveTxt(name: string): Promise<string[][]>;
}

export function createDnsTxtResolver(servers: readonly string[]): TxtResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return { resolveTxt: (name) => resolver.resolveTxt(name) };
}
