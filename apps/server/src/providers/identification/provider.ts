// The interface to identity-verification providers (video or automated identification): the
// server starts an identification and sends the person to the provider's URL; the provider
// reports progress and the result later through a signed webhook call. Real adapters (srs,
// intrum) implement the same three calls; the sandbox (sandbox.ts) runs the flow itself.
import type { IdentificationEvent } from '@countersign/domain';

export interface IdentificationPerson {
  email: string;
  givenName: string;
  surname: string;
  mobile: string | null;
}

export interface IdentificationStart {
  identificationId: string;
  provider: string;
  method: string;
  person: IdentificationPerson;
}

/** The identity a provider confirmed: what qualified certificates will name. */
export interface ConfirmedIdentity {
  givenName: string;
  surname: string;
  /** ISO 3166 alpha-2 */
  country: string;
  mobile: string;
}

/** What a verified webhook delivery says. */
export interface IdentificationReport {
  identificationId: string;
  event: Exclude<IdentificationEvent, 'cancelled'>;
  identity?: ConfirmedIdentity;
}

export interface IdentificationProvider {
  /** Registers the identification with the provider; returns where the person goes next. */
  start(input: IdentificationStart): Promise<{ url: string }>;
  /** Tells the provider the person gave up (best effort: the server's state is what counts). */
  cancel(identificationId: string): Promise<void>;
  /**
   * Checks that a webhook body comes from the provider and is fresh; throws AppError
   * `identification.callback_invalid` otherwise.
   */
  verifyCallback(body: unknown): IdentificationReport;
}
