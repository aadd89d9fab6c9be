// Hosts the built React app: files from apps/web/dist, and index.html for any other GET that a
// browser makes outside the API prefixes, so client-side routes survive a reload, and for `/`
// whoever asks.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

const apiPrefixes = ['/v1/', '/v2/', '/v3/', '/api/', '/sandbox/', '/trust/'];

export function isSpaRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (apiPrefixes.some((p) => pathname.startsWith(p))) return false;
  // the home page is the app for every client (curl too); deeper paths for browsers, so a
  // mistyped API address still answers a problem rather than a page
  return pathname === '/' || (request.headers.accept ?? '').includes('text/html');
}

export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
): Promise<((req: FastifyRequest, reply: FastifyReply) => FastifyReply) | undefined> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built; serving the API only');
    return undefined;
  }
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, cacheControl: false });
  return (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
}
