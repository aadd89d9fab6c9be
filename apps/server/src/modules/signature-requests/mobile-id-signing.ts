// Mobile ID signing (ADR 094): an advanced signature the signer confirms on their own phone. The
// start call checks that the caller may sign the request now, puts a confirmation naming it on
// the phone and keeps what the signer chose; asking for the transaction afterwards reads the
// phone's answer: still waiting, refused, lapsed, or approved, in which case the request is signed
// through the same pipeline as /v3/sign, the certificate naming the number's registered holder.
// Nothing is locked or prepared while the phone waits, so a slow answer holds up no other signer.
import type { Language } from '@countersign/domain';
import type { MobileIdTransaction, SigningConsent } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { findPerson } from '../accounts/index.js';
import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import type { GivenValues } from './fields/field-values.js';
import { claimMobileIdSignature, findMobileIdSignature, saveMobileIdSignature } from './mobile-id-repo.js';
import { requireRequest } from './service.js';
import { requireConsent } from './signing-consent.js';
import { signRequest } from './signing.js';
import { requireTanIfDemanded } from './verification/tan.js';

type MobileIdDeps = Parameters<typeof signRequest>[0] & Pick<RequestsDeps, 'mobileId'>;

const PROMPT: Record<Language, (title: string) => string> = {
  en: (t) => `Countersign: sign "${t}" with an advanced electronic signature?`,
  de: (t) => `Countersign: «${t}» fortgeschritten elektronisch unterschreiben?`,
  fr: (t) => `Countersign : signer « ${t} » d'une signature électronique avancée ?`,
  it: (t) => `Countersign: firmare «${t}» con una firma elettronica avanzata?`,
};

function requireProvider(deps: Pick<RequestsDeps, 'mobileId'>) {
  if (!deps.mobileId) throw new AppError('mobile_id.unavailable', 'No Mobile ID provider is configured');
  return deps.mobileId;
}

/** The number to confirm on: the one given, else the account's `mobile` attribute. */
async function mobileOf(deps: Pick<RequestsDeps, 'db'>, caller: Caller, given: string | undefined) {
  const account =
    caller.kind === 'person'
      ? (await findPerson(deps.db, caller.userId))?.attributes.mobile?.trim()
      : undefined;
  const mobile = given ?? account;
  if (!mobile) throw new AppError('mobile_id.number_missing', 'Give the mobile number to confirm on');
  return mobile;
}

export async function startMobileIdSignature(
  deps: MobileIdDeps,
  caller: Caller,
  requestId: string,
  call: {
    mobile?: string | undefined;
    language: Language;
    consent?: SigningConsent | undefined;
    signingReason?: string | undefined;
    signingLocation?: string | undefined;
    visualSignatureId?: string | undefined;
    fieldValues?: GivenValues | undefined;
  },
): Promise<MobileIdTransaction> {
  // no signature without the signer's consent, checked before the phone is bothered
  const consent = requireConsent(call.consent);
  const provider = requireProvider(deps);
  const request = await requireRequest(deps, requestId);
  const { signer } = authorize(request, caller, 'sign');
  if (!signer) throw new AppError('signature_request.forbidden', 'Only a signer may sign');
  if (request.quality !== 'aes')
    throw new AppError('mobile_id.not_advanced', 'Mobile ID confirms advanced signatures only');
  // a link signer of a request demanding TANs confirms with one first (ADR 086), so an approval
  // on the phone is not spent on a signature the sign step would refuse
  await requireTanIfDemanded(deps, caller, request);
  const mobile = await mobileOf(deps, caller, call.mobile);
  const { transactionId, expiresAt } = await provider.requestConfirmation({
    mobile,
    message: PROMPT[call.language](request.title),
    language: call.language,
  });
  await saveMobileIdSignature(deps.db, {
    transactionId,
    requestId,
    signerId: signer.id,
    options: {
      language: call.language,
      consent,
      signingReason: call.signingReason,
      signingLocation: call.signingLocation,
      // a link holder has no saved visual signatures to choose from
      visualSignatureId: caller.kind === 'person' ? call.visualSignatureId : undefined,
      fieldValues: call.fieldValues,
    },
    createdAt: deps.clock.now(),
    expiresAt,
  });
  return { transactionId, status: 'pending', expiresAt: expiresAt.toISOString(), requestStatus: null };
}

export async function readMobileIdSignature(
  deps: MobileIdDeps,
  caller: Caller,
  requestId: string,
  transactionId: string,
): Promise<MobileIdTransaction> {
  const provider = requireProvider(deps);
  const notPending = () =>
    new AppError('mobile_id.not_pending', 'No Mobile ID signature waits under this id');
  // who may not see the request learns nothing of what waits on it (404), as everywhere
  const request = await requireRequest(deps, requestId);
  const { signer } = authorize(request, caller, 'view');
  const pending = await findMobileIdSignature(deps.db, requestId, transactionId);
  if (!pending || !signer || pending.signerId !== signer.id) throw notPending();
  const lapsed = pending.expiresAt <= deps.clock.now();
  const answer = lapsed ? { status: 'expired' as const } : await provider.answerOf(transactionId);
  const expiresAt = pending.expiresAt.toISOString();
  if (answer.status === 'pending')
    return { transactionId, status: 'pending', expiresAt, requestStatus: null };
  // one answer, one outcome: a second look after this finds nothing pending
  if (!(await claimMobileIdSignature(deps.db, transactionId))) throw notPending();
  if (answer.status === 'refused')
    throw new AppError('mobile_id.refused', 'The signer refused the confirmation on the phone');
  if (answer.status === 'expired')
    throw new AppError('mobile_id.timeout', 'The confirmation lapsed before the signer answered');
  if (answer.status === 'failed')
    throw new AppError('mobile_id.unavailable', `Mobile ID could not confirm: ${answer.reason}`);
  const requestStatus = await signRequest(deps, caller, requestId, {
    ...pending.options,
    mobileId: { transactionId, holder: answer.holder },
  });
  return { transactionId, status: 'signed', expiresAt, requestStatus };
}
