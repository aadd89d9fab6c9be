// The consent to sign electronically as a test's sign call sends it (snake_case, as on the wire).
import { SIGNING_CONSENT_VERSION } from '@countersign/domain';

export const CONSENT = { accepted: true, version: SIGNING_CONSENT_VERSION, language: 'en' } as const;
