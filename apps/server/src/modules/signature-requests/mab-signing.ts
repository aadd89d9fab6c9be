// Qualified signing by redirect to the signer's trust service provider (the spec's MAB calls,
// ADR 076). create-par runs the signature as far as the values to sign, has the provider keep an
// authorisation request for exactly their hashes, records what was prepared and answers the page
// to send the signer to. redirect-sign runs the same signature again with the same signing time
// (so the same hashes), and the code the provider sent the signer back with buys their values.
// A link holder may sign this way unless the business turned `mabSettings.directSign` off.
import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@countersign/domain';
import type { SigningConsent } from '@countersign/contract';
import { readCertificateFields, serialToHex } from '@countersign/trust';
import { AppError } from '../../lib/app-error.js';
import { remoteErrorCode } from '../../providers/remote-signing/csc-errors.js';
import { settingsOfMember } from '../businesses/index.js';
import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { claimMabSignature, findMabSignature, saveMabSignature } from './mab-repo.js';
import type { RequestRecord } from './model.js';
import { requireRequest } from './service.js';
import { requireConsent } from './signing-consent.js';
import { signRequest } from './signing.js';

type MabDeps = Parameters<typeof signRequest>[0] & Pick<RequestsDeps, 'publicUrl'>;

/** How long the signer has at the provider before the prepared signature is dropped. */
const PENDING_MS = 15 * 60_000;

/** Stops the signature once the provider holds the authorisation request: nothing is written. */
class SentToProvider extends Error {}

const sha256Base64 = (data: Uint8Array) => createHash('sha256').update(data).digest('base64');
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
/** The serial number of a credential's certificate, as the pending signature keeps it. */
const serialOf = (certificate: Uint8Array) => serialToHex(readCertificateFields(certificate).serial);
const redirectUriOf = (deps: Pick<RequestsDeps, 'publicUrl'>) => `${deps.publicUrl}/mab/redirect`;

/** The signer the caller is on this request, refused as the contract says. */
async function requireOwnSignature(
  deps: MabDeps,
  caller: Caller,
  request: RequestRecord,
  signerId: string,
): Promise<void> {
  const { signer } = authorize(request, caller, 'sign');
  if (!signer || signer.id !== signerId)
    throw new AppError('signature_request.not_found', 'No such signature of yours on this request');
  if (request.quality !== 'qes')
    throw new AppError('mab.not_qualified', 'Only qualified requests are signed at the provider');
  if (caller.kind === 'link_holder') {
    const settings = await settingsOfMember(deps.db, request.ownerId);
    if (settings && !settings.mabSettings.directSign.enabled)
      throw new AppError('mab.direct_sign_disabled', "The business's link signers do not sign by redirect");
  }
}

export async function createPar(
  deps: MabDeps,
  caller: Caller,
  ids: { requestId: string; signerId: string },
  call: {
    language: Language;
    consent?: SigningConsent | undefined;
    redirectQueryParams?: Record<string, string> | undefined;
  },
): Promise<{ url: string; state: string; expiresAt: string }> {
  const consent = requireConsent(call.consent);
  const request = await requireRequest(deps, ids.requestId);
  await requireOwnSignature(deps, caller, request, ids.signerId);
  // the request id travels in the state, so the page at /mab/redirect knows where to go back to
  const state = `${request.id}.${randomBytes(32).toString('base64url')}`;
  const signingTime = deps.clock.now();
  const expiresAt = new Date(signingTime.getTime() + PENDING_MS);
  let url: string | undefined;
  try {
    await signRequest(deps, caller, request.id, {
      language: call.language,
      consent,
      redirect: {
        kind: 'redirect',
        signingTime,
        sign: async (remote, credential, dataToBeSigned) => {
          url = await remote.authorisationUrl(credential, dataToBeSigned, {
            redirectUri: redirectUriOf(deps),
            state,
            labels: request.documents.map((d) => d.title),
          });
          await saveMabSignature(deps.db, {
            stateHash: sha256Hex(state),
            requestId: request.id,
            signerId: ids.signerId,
            credentialId: credential.credentialId,
            certificateSerial: serialOf(credential.certificate),
            hashes: dataToBeSigned.map(sha256Base64),
            signingTime,
            language: call.language,
            consent,
            redirectQueryParams: call.redirectQueryParams ?? {},
            createdAt: deps.clock.now(),
            expiresAt,
          });
          throw new SentToProvider();
        },
      },
    });
  } catch (error) {
    if (!(error instanceof SentToProvider)) throw error;
  }
  if (!url) throw new Error('the qualified signature did not reach the provider');
  return { url, state, expiresAt: expiresAt.toISOString() };
}

export async function redirectSign(
  deps: MabDeps,
  caller: Caller,
  requestId: string,
  params: {
    state: string;
    code?: string | undefined;
    error?: string | undefined;
    errorDescription?: string | undefined;
  },
): Promise<{ requestStatus: RequestRecord['status']; redirectQueryParams: Record<string, string> }> {
  const notPending = () => new AppError('mab.not_pending', 'No signature waits for this authorisation');
  // who may not see the request learns nothing of what waits on it (404), as everywhere
  const request = await requireRequest(deps, requestId);
  const { signer } = authorize(request, caller, 'sign');
  const pending = await findMabSignature(deps.db, requestId, sha256Hex(params.state));
  if (!pending || !signer || pending.signerId !== signer.id) throw notPending();
  await requireOwnSignature(deps, caller, request, pending.signerId);
  // one use only, whatever happens next: the provider's code is single use too
  if (!(await claimMabSignature(deps.db, pending.stateHash))) throw notPending();
  if (pending.expiresAt < deps.clock.now())
    throw new AppError('signing.authorisation_invalid', 'The authorisation took too long; start again');
  if (params.error)
    throw new AppError(
      remoteErrorCode(params.error, params.errorDescription),
      'The provider sent the signer back without an authorisation',
    );
  const code = params.code;
  if (!code) throw new AppError('signing.authorisation_invalid', 'The provider sent no code');
  const requestStatus = await signRequest(deps, caller, requestId, {
    language: pending.language,
    consent: pending.consent,
    redirect: {
      kind: 'redirect',
      signingTime: pending.signingTime,
      sign: async (remote, credential, dataToBeSigned) => {
        // the provider renewed the certificate meanwhile (a new identification): its own refusal,
        // before the hashes (which differ then too) are compared (ADR 093, 101)
        if (pending.certificateSerial && serialOf(credential.certificate) !== pending.certificateSerial)
          throw new AppError(
            'signing.serial_number_mismatch',
            "The signer's certificate changed after the signature was prepared; prepare it again",
          );
        const hashes = dataToBeSigned.map(sha256Base64);
        if (credential.credentialId !== pending.credentialId || hashes.join() !== pending.hashes.join())
          throw new AppError(
            'signature_request.conflict',
            'The request changed after the signer authorised it; sign again',
          );
        return remote.signWithCode(credential, dataToBeSigned, code, redirectUriOf(deps));
      },
    },
  });
  return { requestStatus, redirectQueryParams: pending.redirectQueryParams };
}
