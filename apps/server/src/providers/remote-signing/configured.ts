// The remote-signing provider the settings describe (ADR 076): a CSC v2 adapter per configured
// legislation, chosen by the credential's legislation (a person's identification) or eIDAS for
// business seals. Outside production the sandbox QTSP also enrols, over its own HTTP call, the
// people our sandbox identification confirmed, since it has no identification of its own.
import { CscClient, type Legislation } from '@countersign/trust';
import type { CscProviderConfig, RemoteSigningConfig } from '../../config-remote-signing.js';
import { AppError } from '../../lib/app-error.js';
import { cscSealUserId, cscUserId, createCscRemoteSigning } from './csc.js';
import type { RemoteSigningProvider } from './provider.js';

/** POSTs an enrolment to the sandbox QTSP (a sibling of its CSC base URL), with the client's credentials. */
function sandboxEnrolment(provider: CscProviderConfig, timeoutMs: number) {
  return async (path: '/sandbox/enrol' | '/sandbox/enrol-seal', body: object): Promise<void> => {
    const url = new URL(path, provider.baseUrl);
    const basic = Buffer.from(`${provider.clientId}:${provider.clientSecret}`).toString('base64');
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    }).catch(() => undefined);
    if (!response) throw new AppError('signing.qtsp_unavailable', 'The sandbox QTSP did not answer');
    // a provider without the sandbox's enrolment simply has no credential for the person
    await response.body?.cancel();
  };
}

function adapterFor(
  provider: CscProviderConfig,
  legislation: Legislation,
  config: RemoteSigningConfig,
): RemoteSigningProvider {
  const client = new CscClient({
    serviceUrl: provider.baseUrl,
    ...(provider.oauthUrl && { oauthUrl: provider.oauthUrl }),
    oauth: { grant: 'client_credentials', clientId: provider.clientId, clientSecret: provider.clientSecret },
    timeoutMs: config.timeoutMs,
  });
  const enrol = config.sandboxEnrolment ? sandboxEnrolment(provider, config.timeoutMs) : undefined;
  return createCscRemoteSigning({
    client,
    legislation,
    enrol:
      enrol &&
      ((identity) =>
        enrol('/sandbox/enrol', {
          userId: cscUserId(identity),
          email: identity.email,
          name: `${identity.givenName} ${identity.surname}`,
          givenName: identity.givenName,
          surname: identity.surname,
          country: identity.country,
          legislation: identity.legislation,
          mobile: identity.mobile,
        })),
    enrolSeal:
      enrol &&
      ((seal) =>
        enrol('/sandbox/enrol-seal', {
          userId: cscSealUserId(seal),
          organisation: seal.organisation,
          ...(seal.organisationIdentifier && { organisationIdentifier: seal.organisationIdentifier }),
          commonName: seal.commonName,
          ...(seal.country && { country: seal.country }),
        })),
  });
}

/** undefined when no QTSP is configured: qualified signatures and seals are then not available. */
export function createConfiguredRemoteSigning(
  config: RemoteSigningConfig,
): RemoteSigningProvider | undefined {
  const adapters: Partial<Record<Legislation, RemoteSigningProvider>> = {};
  if (config.eidas) adapters.eidas = adapterFor(config.eidas, 'eidas', config);
  if (config.zertes) adapters.zertes = adapterFor(config.zertes, 'zertes', config);
  const sealProvider = adapters.eidas ?? adapters.zertes;
  if (!sealProvider) return undefined;
  const of = (legislation: Legislation): RemoteSigningProvider => {
    const adapter = adapters[legislation];
    if (!adapter)
      throw new AppError(
        'signing.quality_not_available',
        `No qualified signing provider is configured for ${legislation}`,
      );
    return adapter;
  };
  return {
    credentialFor: (identity) => of(identity.legislation).credentialFor(identity),
    sendTan: (credential) => of(credential.legislation).sendTan(credential),
    sign: (credential, data, tan, password) =>
      of(credential.legislation).sign(credential, data, tan, password),
    authorisationUrl: (credential, data, target) =>
      of(credential.legislation).authorisationUrl(credential, data, target),
    signWithCode: (credential, data, code, redirectUri) =>
      of(credential.legislation).signWithCode(credential, data, code, redirectUri),
    sealCredentialFor: (seal) => sealProvider.sealCredentialFor(seal),
    signSeal: (credential, data) => of(credential.legislation).signSeal(credential, data),
  };
}
