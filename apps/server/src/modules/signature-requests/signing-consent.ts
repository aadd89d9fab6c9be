// The consent to sign electronically that every sign call carries: checked against the versioned
// words in packages/domain, so that what is recorded with the signature (the `signed` event, and
// through it the signature protocol) is exactly what the signer was shown.
import type { SigningConsent } from '@countersign/contract';
import { SIGNING_CONSENT_VERSION, signingConsentText, type RecordedConsent } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';

export function requireConsent(consent: SigningConsent | undefined): RecordedConsent {
  if (!consent)
    throw new AppError(
      'signing.consent_required',
      `Signing needs the signer's consent to sign electronically: send consent {accepted: true, version, language} as shown by GET /v3/signing-consent`,
    );
  const text = signingConsentText(consent.version, consent.language);
  if (text === undefined)
    throw new AppError(
      'signing.consent_unknown',
      `No consent text has version ${consent.version}; the current one is ${SIGNING_CONSENT_VERSION}`,
    );
  return { version: consent.version, language: consent.language, text };
}

/** GET /v3/signing-consent: the words a signer is shown now. */
export function currentConsent(language: RecordedConsent['language']): RecordedConsent {
  // the current version has words in every language (packages/domain tests it)
  return {
    version: SIGNING_CONSENT_VERSION,
    language,
    text: signingConsentText(SIGNING_CONSENT_VERSION, language)!,
  };
}

/** The consent recorded in a `signed` event, if the event holds a well-formed one. */
export function consentOfEvent(data: Record<string, unknown>): RecordedConsent | null {
  const consent = data['consent'];
  if (typeof consent !== 'object' || consent === null) return null;
  const { version, language, text } = consent as Record<string, unknown>;
  if (typeof version !== 'string' || typeof text !== 'string' || typeof language !== 'string') return null;
  if (!['en', 'de', 'fr', 'it'].includes(language)) return null;
  return { version, language: language as RecordedConsent['language'], text };
}
