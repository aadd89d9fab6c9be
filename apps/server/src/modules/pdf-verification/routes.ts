// POST /v1/verify: the public verifier's call (ADR 079). No account; the file is one multipart
// part, at most an upload's size, held in memory only for the call.
import type { FastifyInstance } from 'fastify';
import { snakeKeys, verificationEndpoints as e } from '@countersign/contract';
import { registerRawEndpoint, type Authenticator } from '../../http/endpoint.js';
import { readFilePart } from '../../http/multipart.js';
import { verifyPdf, type VerificationDeps } from './verify-pdf.js';

export function registerPdfVerificationRoutes(
  app: FastifyInstance,
  deps: VerificationDeps & { maxUploadBytes: number },
  authenticate: Authenticator,
): void {
  registerRawEndpoint(app, e.verifyPdf, authenticate, async ({ ctx: { request, reply, ip } }) => {
    const readFile = async () =>
      new Uint8Array(await readFilePart(request, 'file', deps.maxUploadBytes, 'the PDF'));
    const report = await verifyPdf(deps, { readFile, ip });
    // the report describes a stranger's file: no cache keeps it
    return reply.header('cache-control', 'no-store').send(snakeKeys(e.verifyPdf.response.parse(report)));
  });
}
