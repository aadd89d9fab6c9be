// Publishes our trust services where the certificates point (packages/trust profiles.ts):
// authority certificates (AIA caIssuers), CRLs, the OCSP responder (RFC 6960 appendix A, POST
// and GET) and the time-stamp authority (RFC 3161 section 3.4).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CountersignTrustServices } from '@countersign/trust';
import { AppError } from '../../lib/app-error.js';

const derBodyLimit = 64 * 1024;

function sendDer(
  reply: FastifyReply,
  contentType: string,
  der: Uint8Array,
  maxAgeSeconds: number,
): FastifyReply {
  return reply
    .type(contentType)
    .header('cache-control', maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : 'no-store')
    .send(Buffer.from(der));
}

export function registerTrustRoutes(
  app: FastifyInstance,
  trust: () => Promise<CountersignTrustServices>,
): void {
  // DER request bodies arrive as raw bytes, each under its registered media type only.
  for (const type of ['application/ocsp-request', 'application/timestamp-query']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: derBodyLimit }, (_req, body, done) =>
      done(null, body),
    );
  }

  const authorityName = (raw: string, suffix: string): string => {
    if (!raw.endsWith(suffix)) throw new AppError('trust.authority_not_found', 'No such authority');
    return raw.slice(0, -suffix.length);
  };
  const knownAuthority = async (name: string) => {
    const services = await trust();
    if (!services.authorityNames().includes(name as never)) {
      throw new AppError('trust.authority_not_found', `No authority named ${name}`);
    }
    return services;
  };
  const requireDer = (body: unknown): Uint8Array => {
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new AppError('request.unsupported_media_type', 'Send the DER request with its media type');
    }
    return body;
  };

  app.get<{ Params: { file: string } }>('/trust/ca/:file', async (request, reply) => {
    const name = authorityName(request.params.file, '.cer');
    return sendDer(
      reply,
      'application/pkix-cert',
      (await knownAuthority(name)).authorityCertificate(name),
      86400,
    );
  });

  app.get<{ Params: { file: string } }>('/trust/crl/:file', async (request, reply) => {
    const name = authorityName(request.params.file, '.crl');
    return sendDer(reply, 'application/pkix-crl', await (await knownAuthority(name)).crl(name), 300);
  });

  app.post('/trust/ocsp', async (request, reply) =>
    sendDer(
      reply,
      'application/ocsp-response',
      await (await trust()).respondOcsp(requireDer(request.body)),
      0,
    ),
  );

  // RFC 6960 A.1: GET {url}/{url-encoding of base-64 encoding of the DER OCSPRequest}
  app.get<{ Params: { '*': string } }>('/trust/ocsp/*', async (request, reply) => {
    const der = Buffer.from(decodeURIComponent(request.params['*']), 'base64');
    if (der.length === 0) throw new AppError('trust.bad_request', 'Empty OCSP request');
    return sendDer(reply, 'application/ocsp-response', await (await trust()).respondOcsp(der), 0);
  });

  app.post('/trust/tsa', async (request, reply) =>
    sendDer(
      reply,
      'application/timestamp-reply',
      await (await trust()).respondTimestamp(requireDer(request.body)),
      0,
    ),
  );
}
