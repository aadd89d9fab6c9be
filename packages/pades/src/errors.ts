// Errors raised while signing. Each carries a stable string `code`; validation problems are not
// errors but findings in the report (see validate/report.ts).

export type PadesErrorCode =
  | 'pades.bad_certificate' // the signer's certificate cannot be read
  | 'pades.signature_mismatch' // the signature value does not verify with the signer's key
  | 'pades.pending_invalid' // a serialised PendingSignature that does not fit
  | 'pades.services_missing' // B-T and above need a time-stamp authority (and revocation data for B-LT)
  | 'pades.no_signatures'; // completeToLta on a file without signatures

export class PadesError extends Error {
  readonly code: PadesErrorCode;

  constructor(code: PadesErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PadesError';
    this.code = code;
  }
}
