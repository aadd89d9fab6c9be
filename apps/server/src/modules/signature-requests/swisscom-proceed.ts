// The Swisscom step-up of a qualified ZertES signature (ADR 087): a credential that the provider
// unlocks with the person's password there and the code it texted. The sign call sent the code
// and answered signing.pwdotp_required; proceed signs the request with both, through the same
// signing pipeline as /v3/sign, for account holders (session) and link holders (token) alike.
import type { Language } from '@countersign/domain';
import type { Part11Reauthentication, PwdOtp, SigningConsent } from '@countersign/contract';
import type { Caller } from './access.js';
import type { GivenValues } from './fields/field-values.js';
import type { RequestRecord } from './model.js';
import { requireConsent } from './signing-consent.js';
import { signRequest } from './signing.js';
import { part11Session } from './part11/reauthentication.js';

export async function proceedWithPasswordAndCode(
  deps: Parameters<typeof signRequest>[0],
  caller: Caller,
  requestId: string,
  call: {
    pwdotp: PwdOtp;
    language: Language;
    consent?: SigningConsent | undefined;
    visualSignatureId?: string | undefined;
    fieldValues?: GivenValues | undefined;
    signingName?: string | undefined;
    signingReason?: string | undefined;
    part11?: Part11Reauthentication | undefined;
  },
): Promise<{ requestStatus: RequestRecord['status'] }> {
  // no signature without the signer's consent, checked before the provider is asked
  const consent = requireConsent(call.consent);
  const requestStatus = await signRequest(deps, caller, requestId, {
    language: call.language,
    consent,
    tan: call.pwdotp.otp,
    providerPassword: call.pwdotp.password,
    // a link holder has no saved visual signatures to choose from
    visualSignatureId: caller.kind === 'person' ? call.visualSignatureId : undefined,
    fieldValues: call.fieldValues,
    // a Part 11 business's signer re-authenticates and states the meaning here too (ADR 077)
    signingName: call.signingName,
    signingReason: call.signingReason,
    part11: part11Session(call.part11),
  });
  return { requestStatus };
}
