// The interface the signing pipeline uses for remote (qualified) signatures, shaped after the
// Cloud Signature Consortium API v2: find the person's credential, then either have a TAN sent
// to them and sign with it (ADR 021), or send them to the provider's own authorisation page and
// sign with the code they come back with (the redirect flow of ADR 076). A business's qualified
// seal is a credential of its own, applied without a TAN (ADR 053). csc.ts implements it over
// any CSC v2 service; configured.ts routes each legislation to its provider.
import type { KeyAlgorithm, Legislation } from '@countersign/trust';

/** The identified person a credential is for (from the identification that granted qes). */
export interface RemoteSigningIdentity {
  /** the account, or `signer:<id>` for a link holder identified for one signature (ADR 025) */
  userId: string;
  legislation: Legislation;
  email: string;
  givenName: string;
  surname: string;
  country: string;
  mobile: string;
}

/** A business seal that a qualified seal credential is for: its certificate names the business. */
export interface RemoteSealIdentity {
  sealId: string;
  /** the business's name (O), as the operator verified it (ADR 062) */
  organisation: string;
  /** its commercial register (organizationIdentifier), as verified */
  organisationIdentifier?: string | undefined;
  /** the seal's label when it was created (CN) */
  commonName: string;
  country?: string | undefined;
}

export interface RemoteCredential {
  credentialId: string;
  /** DER */
  certificate: Uint8Array;
  /** issuer first ... root last (DER) */
  chain: Uint8Array[];
  keyAlgorithm: KeyAlgorithm;
  /** whose provider holds it (seals: eIDAS) */
  legislation: Legislation;
  /**
   * what unlocks it besides the texted code: nothing (`otp`), or the person's password at the
   * provider (`pwdotp`: the Swisscom step-up, credentials/info announces a PIN, ADR 087)
   */
  stepUp: 'otp' | 'pwdotp';
}

/** Where the provider sends the person back, and the handle it echoes (RFC 6749 state). */
export interface RedirectTarget {
  redirectUri: string;
  state: string;
  /** shown on the provider's page, one per value to sign */
  labels?: string[];
}

export interface RemoteSigningProvider {
  credentialFor(identity: RemoteSigningIdentity): Promise<RemoteCredential>;
  /** The provider sends the person a one-time TAN (SMS). */
  sendTan(credential: RemoteCredential): Promise<void>;
  /**
   * One TAN authorises all of `dataToBeSigned` (each the DER of CMS signed attributes); the
   * values come back in order. A refused TAN throws AppError signing.tan_invalid,
   * signing.tan_expired or signing.tan_locked; a pwdotp credential also takes the `password`
   * (signing.password_invalid, signing.password_weak, signing.credential_locked).
   */
  sign(
    credential: RemoteCredential,
    dataToBeSigned: Uint8Array[],
    tan: string,
    password?: string,
  ): Promise<Uint8Array[]>;
  /**
   * The redirect flow, step 1: pushes an authorisation of exactly these values (PAR with
   * authorization_details) and answers the URL of the provider's page to send the person to.
   */
  authorisationUrl(
    credential: RemoteCredential,
    dataToBeSigned: Uint8Array[],
    target: RedirectTarget,
  ): Promise<string>;
  /** Step 2: the code from the redirect buys the authorisation; every value is signed at once. */
  signWithCode(
    credential: RemoteCredential,
    dataToBeSigned: Uint8Array[],
    code: string,
    redirectUri: string,
  ): Promise<Uint8Array[]>;
  /**
   * The seal's credential; a provider that issues credentials on request (the sandbox) issues it
   * the first time. Refuses with seal.quality_not_available when the provider has none for it.
   */
  sealCredentialFor(seal: RemoteSealIdentity): Promise<RemoteCredential>;
  /** Signs with a seal credential, authorised by the service's own client credentials (no TAN). */
  signSeal(credential: RemoteCredential, dataToBeSigned: Uint8Array[]): Promise<Uint8Array[]>;
}
