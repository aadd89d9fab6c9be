// The trust anchor at stable addresses, for recipients who check our signatures with their own
// tools: the root certificate to import into a validator's trust store (Adobe, NSS for
// pdfsig/Okular/Evince, openssl -CAfile), and the chain below it (issuing CAs and the
// time-stamping unit) for tools that do not fetch intermediates. Both PEM, public, cacheable.
import type { FastifyInstance } from 'fastify';
import { TRUST_CHAIN_PATH, TRUST_ROOT_PATH } from '@countersign/contract';
import { encodePem, type CountersignTrustServices } from '@countersign/trust';

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
