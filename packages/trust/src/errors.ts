// Errors raised by the trust services. Each carries a stable string `code` so the server can map
// it to an HTTP status and the web app to a message without parsing text.

export type TrustErrorCode =
  | 'trust.wrong_key_encryption_key' // the stored private keys do not decrypt with the configured KEK
  | 'trust.malformed_key_encryption_key' // TRUST_KEK starts with `key:` but is not 32 bytes of base64
  | 'trust.store_corrupt' // the persisted hierarchy cannot be read
  | 'trust.unknown_issuer' // no issuing CA of ours has that name
  | 'trust.unknown_serial' // a serial number we did not issue
  | 'trust.bad_request' // a DER request (OCSP, TSP) that cannot be parsed
  | 'trust.csc_error' // a remote CSC provider answered with an error
  | 'trust.csc_unavailable' // a remote CSC provider did not answer in time, or not at all
  | 'trust.csc_pending_invalid'; // a serialised pending remote signature that does not fit

export class TrustError extends Error {
  readonly code: TrustErrorCode;
  /** for trust.csc_error: the provider's own error name (invalid_otp, ...), when it gave one */
  readonly remoteError: string | undefined;
  /** for trust.csc_error: the provider's error_description, when it gave one */
  readonly remoteDescription: string | undefined;

  constructor(
    code: TrustErrorCode,
    message: string,
    options?: { cause?: unknown; remoteError?: string; remoteDescription?: string },
  ) {
    super(message, options);
    this.name = 'TrustError';
    this.code = code;
    this.remoteError = options?.remoteError;
    this.remoteDescription = options?.remoteDescription;
  }
}
