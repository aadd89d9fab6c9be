// The sandbox QTSP as its own HTTP service, as a real qualified trust service provider is: the
// CSC v2 API under /csc/v2 (packages/trust CscSandbox), and two calls of its own that a real
// QTSP does in its own onboarding: enrolling a person identified by the sandbox identification
// provider, or a business seal, under a CSC user id. Tests move its clock with /sandbox/clock.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { CscEnrolment, CscSandbox, CscSealEnrolment } from '@countersign/trust';

export const CSC_PATH = '/csc/v2';

export interface SandboxServerOptions {
  sandbox: () => Promise<CscSandbox>;
  client: { clientId: string; clientSecret: string };
  /** offsets the sandbox's clock (only where tests run it) */
  advanceClock?: (ms: number) => void;
}

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) request.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

function isClient(request: IncomingMessage, client: SandboxServerOptions['client']): boolean {
  const header = request.headers.authorization ?? '';
  const expected = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
  return header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
}

const answerJson = (status: number, body: unknown) => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function answerSandboxCall(
  options: SandboxServerOptions,
  request: IncomingMessage,
  path: string,
  body: Buffer,
) {
  if (path === '/sandbox/clock' && options.advanceClock && request.method === 'POST') {
    options.advanceClock(
      Number((JSON.parse(body.toString() || '{}') as { advance_ms?: number }).advance_ms ?? 0),
    );
    return answerJson(204, {});
  }
  if ((path === '/sandbox/enrol' || path === '/sandbox/enrol-seal') && request.method === 'POST') {
    if (!isClient(request, options.client))
      return answerJson(401, { error: 'invalid_client', error_description: 'client credentials needed' });
    const sandbox = await options.sandbox();
    const enrolment = JSON.parse(body.toString()) as CscEnrolment & CscSealEnrolment;
    const enrolled =
      path === '/sandbox/enrol' ? await sandbox.enrolUser(enrolment) : await sandbox.enrolSeal(enrolment);
    return answerJson(201, { credentialID: enrolled.credentialId });
  }
  // a renewal after a new identification: the person's credential gets a new certificate
  if (path === '/sandbox/renew' && request.method === 'POST') {
    if (!isClient(request, options.client))
      return answerJson(401, { error: 'invalid_client', error_description: 'client credentials needed' });
    const renewed = await (await options.sandbox()).renewUser(JSON.parse(body.toString()) as CscEnrolment);
    if (!renewed) return answerJson(404, { error: 'invalid_request', error_description: 'no credential' });
    return answerJson(200, { credentialID: renewed.credentialId });
  }
  return answerJson(404, { error: 'invalid_request', error_description: `no endpoint ${path}` });
}

export function createSandboxServer(options: SandboxServerOptions): Server {
  return createServer((request, response) => {
    readBody(request)
      .then(async (body) => {
        const url = request.url ?? '/';
        const path = url.split('?')[0] ?? '/';
        const answer = path.startsWith(`${CSC_PATH}/`)
          ? await (
              await options.sandbox()
            ).handle({
              method: request.method ?? 'GET',
              path: url.slice(CSC_PATH.length),
              headers: request.headers,
              body,
            })
          : await answerSandboxCall(options, request, path, body);
        response
          .writeHead(answer.status, answer.headers)
          .end(answer.status === 204 ? undefined : answer.body);
      })
      .catch((error: unknown) => {
        console.error('CSC sandbox error', error);
        if (!response.headersSent)
          response
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: 'server_error', error_description: 'the sandbox failed' }));
      });
  });
}
