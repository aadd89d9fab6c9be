// Who signs at which level (ADR 021). Simple: a certificate naming the e-mail, issued now.
// Advanced: a certificate from the advanced CA naming the person as their identification
// confirmed it, with a key made for this signature on the server. Qualified: the person's
// credential at the remote-signing (CSC) provider, unlocked by a TAN sent by SMS; without the
// TAN the call answers signing.tan_required after sending one. Nobody is silently downgraded:
// a signer without the quality gets signing.quality_not_available. The qualities are those of
// the account behind the signer's address and those the signature's link holder gained by
// identifying (ADR 025). The certificate names the person who signs, from what was verified about
// them (the session's account, or the mailbox the link was sent to, and their identification),
// never from what the sender typed about the signer.
import { canSignAt, type IdentificationLegislation, type SignatureQualities } from '@countersign/domain';
import type { SignerSubject } from '@countersign/trust';
import { AppError } from '../../lib/app-error.js';
import type { RemoteCredential, RemoteSigningProvider } from '../../providers/remote-signing/provider.js';
import type { MobileIdHolder } from '../../providers/mobile-id/provider.js';
import type { Holder, IdentificationRecord } from '../identification/index.js';
import { authorize, type Caller } from './access.js';
import type { RequestRecord, SignerRecord } from './model.js';

/**
 * What deciding who signs reads, and nothing else (ADR 068): the qualities and identities people
 * hold (identification), whom a business vouches for (business activity, ADR 057), and the
 * remote-signing provider for qualified signatures. Built once by `signing-context.ts`.
 */
export interface SigningIdentityContext {
  /** the name and organisation the person's business vouches for now; null when none does */
  vouchedSubject(person: {
    userId: string;
    email: string;
  }): Promise<{ name: string; country: string; organisation: { name: string; identifier: string } } | null>;
  /** whose qualities count for this signature: the session's account's, or the link holder's */
  holdersOf(
    person: SigningPerson,
    signer: SignerRecord,
  ): Promise<{ holders: Holder[]; emailVerified: boolean }>;
  qualitiesOf(holders: Holder[], emailVerified: boolean): Promise<SignatureQualities>;
  /** the identification behind the quality that allows a signature under `legislation` */
  identityBehind(
    holders: Holder[],
    legislation: IdentificationLegislation,
  ): Promise<IdentificationRecord | undefined>;
  /** qualified signatures (ADR 021); undefined when no provider is configured */
  remoteSigning: RemoteSigningProvider | undefined;
}

/**
 * How a qualified signature is authorised: by the TAN the provider texted (ADR 021), or at the
 * provider's own page, to which create-par sends the signer and from which redirect-sign brings
 * the code (ADR 076); `sign` then obtains the values, or stops the signature where it is.
 */
export type RemoteAuthorisation =
  | {
      kind: 'tan';
      tan: string | undefined;
      /** the password at the provider, for a credential with the Swisscom step-up (ADR 087) */
      password?: string | undefined;
    }
  | RedirectAuthorisation
  /** an advanced signature the signer approved on their phone, its holder as registered (ADR 094) */
  | { kind: 'mobile_id'; holder: MobileIdHolder };

export interface RedirectAuthorisation {
  kind: 'redirect';
  /** the signing time the documents are prepared with (the same in both steps) */
  signingTime: Date;
  sign(
    remote: RemoteSigningProvider,
    credential: RemoteCredential,
    dataToBeSigned: Uint8Array[],
  ): Promise<Uint8Array[]>;
}

export type SigningIdentity =
  /** a key of our own, certified for `subject` by whoever makes the signature (sign-and-store.ts) */
  | { kind: 'local'; subject: SignerSubject; name: string }
  | {
      kind: 'remote';
      credential: RemoteCredential;
      name: string;
      /** signs every document's signed attributes with one TAN */
      sign(dataToBeSigned: Uint8Array[]): Promise<Uint8Array[]>;
    };

/**
 * Who makes the signature, as far as it is verified: the account of the session (its address was
 * confirmed before it could log in), or whoever holds the link mailed to the signer's address
 * (holding it proves that mailbox).
 */
export type SigningPerson =
  { kind: 'account'; userId: string; email: string } | { kind: 'link'; email: string };

export const signingPersonOf = (caller: Caller, signer: SignerRecord): SigningPerson =>
  caller.kind !== 'link_holder'
    ? { kind: 'account', userId: caller.userId, email: caller.email }
    : { kind: 'link', email: signer.email };

const notAvailable = (quality: string) =>
  new AppError(
    'signing.quality_not_available',
    `A ${quality} signature needs an identification you have not completed`,
  );

export async function resolveSigningIdentity(
  context: SigningIdentityContext,
  request: RequestRecord,
  signer: SignerRecord,
  person: SigningPerson,
  simpleName: string,
  authorisation: RemoteAuthorisation,
): Promise<SigningIdentity> {
  const { quality, legislation } = request;
  const { email } = person;
  if (quality === 'ses') {
    return { kind: 'local', subject: { quality, legislation, email }, name: simpleName };
  }
  // Mobile ID: the operator registered who holds the number, and they approved on it (ADR 094)
  if (authorisation.kind === 'mobile_id') {
    if (quality !== 'aes')
      throw new AppError('mobile_id.not_advanced', 'Mobile ID confirms advanced signatures');
    const { givenName, surname, country } = authorisation.holder;
    const name = `${givenName} ${surname}`;
    return {
      kind: 'local',
      subject: { quality, legislation, email, name, givenName, surname, country },
      name,
    };
  }
  // AES for business: the person's business vouches for the name its admin approved (ADR 057)
  if (quality === 'aes' && person.kind === 'account') {
    const vouched = await context.vouchedSubject(person);
    if (vouched)
      return { kind: 'local', subject: { quality, legislation, email, ...vouched }, name: vouched.name };
  }
  const { holders, emailVerified } = await context.holdersOf(person, signer);
  const qualities = await context.qualitiesOf(holders, emailVerified);
  if (!canSignAt(qualities, emailVerified, quality, legislation)) throw notAvailable(quality);
  // The identity behind the quality that allows this signature (an eIDAS aes may rest on aes.any).
  const behind = await context.identityBehind(holders, legislation);
  const identity = behind?.identity;
  if (!behind || !identity) throw notAvailable(quality);
  // the provider's key for the person: their account, or the one signature a link holder identified for
  const holderKey = behind.holder.kind === 'user' ? behind.holder.userId : `signer:${behind.holder.signerId}`;
  const name = `${identity.givenName} ${identity.surname}`;

  if (quality === 'aes') {
    const subject = {
      quality,
      legislation,
      email,
      name,
      givenName: identity.givenName,
      surname: identity.surname,
      country: identity.country,
    };
    return { kind: 'local', subject, name };
  }

  const remote = context.remoteSigning;
  if (!remote) throw new AppError('signing.provider_unavailable', 'No remote-signing provider is configured');
  const credential = await remote.credentialFor({
    userId: holderKey,
    legislation,
    email,
    ...identity,
  });
  if (authorisation.kind === 'redirect')
    return { kind: 'remote', credential, name, sign: (data) => authorisation.sign(remote, credential, data) };
  const { tan, password } = authorisation;
  // a Swisscom-style credential signs only with its password too: the sign call sends the code,
  // swisscom/proceed brings both (ADR 087)
  const needsPassword = credential.stepUp === 'pwdotp' && password === undefined;
  if (!tan || needsPassword) {
    await remote.sendTan(credential);
    if (credential.stepUp === 'pwdotp')
      throw new AppError(
        'signing.pwdotp_required',
        'A code was sent to your phone; proceed with it and your password at the provider',
      );
    throw new AppError('signing.tan_required', 'A TAN was sent to your phone; sign again with it');
  }
  return { kind: 'remote', credential, name, sign: (data) => remote.sign(credential, data, tan, password) };
}

/**
 * Stops a qualified TAN signature that lacks its provider's code (or, at a Swisscom-style
 * provider, the password) before anything that cannot be given back is spent: the provider texts
 * its code and the call answers signing.tan_required or signing.pwdotp_required, as it would
 * later. A Part 11 signer's one-time code is checked only after this (ADR 077), so the call that
 * brings the provider's code is the one that spends it. Nothing happens for other signatures.
 */
export async function requireProviderCodeFirst(
  context: SigningIdentityContext,
  request: RequestRecord,
  caller: Caller,
  authorisation: { tan?: string | undefined; providerPassword?: string | undefined },
): Promise<void> {
  if (request.quality !== 'qes' || (authorisation.tan && authorisation.providerPassword !== undefined))
    return;
  const { signer } = authorize(request, caller, 'sign');
  if (!signer) return;
  await resolveSigningIdentity(context, request, signer, signingPersonOf(caller, signer), '', {
    kind: 'tan',
    tan: authorisation.tan,
    password: authorisation.providerPassword,
  });
}
