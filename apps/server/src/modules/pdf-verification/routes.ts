// POST /v1/verify: the public verifier's call (ADR 079). No account; the file is one multipart
// part, at most an upload's size, held in memory only for the call.
import type { FastifyInstance } from 'fastify';
import { snakeKeys, verificationEndpoints as e } from '@countersign/contract';
import { parseValidationTime } from '@countersign/pades';
import { registerRawEndpoint, type Authenticator } from '../../http/endpoint.js';
import { readFilePart } from '../../http/multipart.js';
import { verifyPdf, type VerificationDeps } from './verify-pdf.js';

export function registerPdfVerificationRoutes(
  app: FastifyInstance,
  deps: VerificationDeps & { maxUploadBytes: number },
  authenticate: Authenticator,
): void {
  registerRawEndpoint(app, e.verifyPdf, authenticate, async ({ query, ctx: { request, reply, ip } }) => {
    const readFile = async () =>
      new Uint8Array(await readFilePart(request, 'file', deps.maxUploadBytes, 'the PDF'));
    // the contract admitted only a date or an instant with its offset
    const at = query.at === undefined ? undefined : (parseValidationTime(query.at) ?? undefined);
    const report = await verifyPdf(deps, { readFile, ip, ...(at ? { at } : {}) });
    // the report describes a stranger's file: no cache keeps it
    return reply.header('cache-control', 'no-store').send(snakeKeys(e.verifyPdf.response.parse(report)));
  });
}
