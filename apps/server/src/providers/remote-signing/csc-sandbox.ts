// The sandbox QTSP: packages/trust's CSC v2 sandbox on our own "qualified" CAs (certificates
// with QcCompliance and QcType esign statements), its TANs sent through the SMS provider. The
// server speaks to it through the ordinary CSC client, in process (no network hop), and also
// publishes it at /sandbox/csc/v2 for people who want to try the protocol by hand. Credentials
// are kept in the database (repo.ts), their keys encrypted as the CA keys are, so a qualified seal
// keeps its key and certificate across restarts, as at a real QTSP.
import type { FastifyInstance } from 'fastify';
import { CscClient, createCscSandbox, type CountersignTrustServices } from '@countersign/trust';
import type { CscCredentialStore, CscSandbox } from '@countersign/trust';
import type { SmsSender } from '../sms/sms.js';
import { cscSealUserId, cscUserId, createCscRemoteSigning } from './csc.js';
import type { RemoteSigningProvider } from './provider.js';

export const CSC_SANDBOX_PATH = '/sandbox/csc/v2';
const CLIENT = { clientId: 'countersign-server', clientSecret: 'sandbox-only-secret' };

export function createSandboxRemoteSigning(options: {
  trust: () => Promise<CountersignTrustServices>;
  /** where the credentials are kept; without it they live in memory */
  store?: CscCredentialStore;
  sms: SmsSender;
  publicUrl: string;
  now: () => Date;
}): { provider: RemoteSigningProvider; register(app: FastifyInstance): void } {
  const serviceUrl = `${options.publicUrl}${CSC_SANDBOX_PATH}`;
  let sandbox: Promise<CscSandbox> | undefined;
  const open = () =>
    (sandbox ??= options.trust().then((trust) =>
      createCscSandbox({
        trust,
        baseUrl: serviceUrl,
        clients: [CLIENT],
        now: () => options.now().getTime(),
        ...(options.store && { store: options.store }),
        deliverOtp: ({ mobile, code }) =>
          options.sms.send({
            to: mobile ?? 'unknown',
            text: `Your Countersign signing code is ${code}. It is valid for 5 minutes.`,
          }),
      }),
    ));
  const handle = async (
    method: string,
    path: string,
    headers: Record<string, string | string[] | undefined>,
    body: string,
  ) => (await open()).handle({ method, path, headers, body });

  // The CSC client's fetch, answered by the sandbox in this process.
  const inProcessFetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const answer = await handle(
      init?.method ?? 'GET',
      `${url.pathname.slice(CSC_SANDBOX_PATH.length)}${url.search}`,
      Object.fromEntries(new Headers(init?.headers).entries()),
      typeof init?.body === 'string' ? init.body : '',
    );
    return new Response(answer.status === 204 ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
  const client = new CscClient({
    serviceUrl,
    oauth: { grant: 'client_credentials', ...CLIENT },
    fetch: inProcessFetch,
  });
  const provider = createCscRemoteSigning({
    client,
    enrol: async (identity) => {
      await (
        await open()
      ).enrolUser({
        userId: cscUserId(identity),
        email: identity.email,
        name: `${identity.givenName} ${identity.surname}`,
        givenName: identity.givenName,
        surname: identity.surname,
        country: identity.country,
        legislation: identity.legislation,
        mobile: identity.mobile,
      });
    },
    enrolSeal: async (seal) => {
      await (
        await open()
      ).enrolSeal({
        userId: cscSealUserId(seal),
        organisation: seal.organisation,
        ...(seal.organisationIdentifier && { organisationIdentifier: seal.organisationIdentifier }),
        commonName: seal.commonName,
        ...(seal.country && { country: seal.country }),
      });
    },
  });
  return {
    provider,
    register(app) {
      app.register(async (scope) => {
        scope.addContentTypeParser(
          ['application/json', 'application/x-www-form-urlencoded'],
          { parseAs: 'string' },
          (_req, body, done) => done(null, body),
        );
        scope.all(`${CSC_SANDBOX_PATH}/*`, async (request, reply) => {
          const answer = await handle(
            request.method,
            request.url.slice(CSC_SANDBOX_PATH.length),
            request.headers,
            typeof request.body === 'string' ? request.body : '',
          );
          return reply.code(answer.status).headers(answer.headers).send(answer.body);
        });
      });
    },
  };
}
