// The trust anchor at stable addresses, for recipients who check our signatures with their own
// tools: the root certificate to import into a validator's trust store (Adobe, NSS for
// pdfsig/Okular/Evince, openssl -CAfile), and the chain below it (issuing CAs and the
// time-stamping unit) for tools that do not fetch intermediates. Both PEM, public, cacheable.
import type { FastifyInstance } from 'fastify';
import { encodePem, type CountersignTrustServices } from '@countersign/trust';

export const TRUST_ROOT_PATH = '/api/trust/root.pem';
export const TRUST_CHAIN_PATH = '/api/trust/chain.pem';

const PEM = 'application/x-pem-file';

/** Every certificate below the root that a signature of ours may chain through, root first. */
function chainPem(trust: CountersignTrustServices): string {
  const below = trust.authorityNames().filter((name) => name !== 'root');
  return [
    trust.rootCertificate(),
    ...below.map((name) => trust.authorityCertificate(name)),
    trust.tsaCertificate(),
  ]
    .map((der) => encodePem(der))
    .join('');
}

export function registerTrustAnchorRoutes(
  app: FastifyInstance,
  trust: () => Promise<CountersignTrustServices>,
): void {
  const files = [
    {
      path: TRUST_ROOT_PATH,
      name: 'countersign-root.pem',
      body: (t: CountersignTrustServices) => t.rootCertificatePem(),
    },
    { path: TRUST_CHAIN_PATH, name: 'countersign-chain.pem', body: chainPem },
  ];
  for (const file of files) {
    app.get(file.path, async (_request, reply) =>
      reply
        .type(PEM)
        .header('cache-control', 'public, max-age=86400')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.body(await trust())),
    );
  }
}

const pemResponse = (description: string) => ({
  description,
  content: { [PEM]: { schema: { type: 'string', format: 'binary' } } },
});

/** The two routes in the OpenAPI document (they answer files, not JSON). */
export const TRUST_ANCHOR_OPENAPI_PATHS: Record<string, Record<string, unknown>> = {
  [TRUST_ROOT_PATH]: {
    get: {
      operationId: 'getTrustRoot',
      summary: 'The root certificate every signature of this installation chains to (PEM)',
      description:
        'Import it as a trusted certificate into a validator (Adobe Acrobat, NSS with certutil for ' +
        'pdfsig, Okular and Evince, openssl -CAfile) to check signatures made here. Public.',
      tags: ['trust'],
      responses: { '200': pemResponse('The root certificate') },
    },
  },
  [TRUST_CHAIN_PATH]: {
    get: {
      operationId: 'getTrustChain',
      summary: 'The root and every certificate below it that signatures chain through (PEM)',
      description:
        'The root, the issuing CAs (simple, advanced and qualified levels under eIDAS and ZertES, ' +
        'seals) and the time-stamping unit, concatenated. Public.',
      tags: ['trust'],
      responses: { '200': pemResponse('The certificates, root first') },
    },
  },
};
