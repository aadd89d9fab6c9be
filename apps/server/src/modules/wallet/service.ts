// Identification with a digital identity wallet (ADR 085): the wallet "provider" makes an
// OpenID4VP presentation request for a person identification credential (PID) asking only for the
// claims an advanced signature's certificate names, and the wallet's direct_post answer is
// verified (issuer on the trust list, signatures, holder binding, nonce, audience, validity)
// before the identification succeeds. A refused answer changes nothing.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isIdentificationOpen } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/app-error.js';
import type { IdentificationProvider } from '../../providers/identification/provider.js';
import { verifyPresentation } from '../../providers/wallet/sd-jwt-vc.js';
import type { TrustedIssuer } from '../../providers/wallet/trust-list.js';
import {
  applyIdentificationReport,
  findIdentification,
  type IdentificationRecord,
} from '../identification/index.js';
import * as repo from './repo.js';

export const WALLET_RESPONSE_PATH = '/v1/identification/wallet/response';

/** What an advanced signature's certificate names: given name, surname, country (ADR 085). */
export const REQUESTED_CLAIMS = ['given_name', 'family_name', 'issuing_country'] as const;

export interface WalletDeps {
  db: Kysely<Database>;
  clock: Clock;
  publicUrl: string;
  /** where the request goes: a wallet's `openid4vp://` address, or the sandbox wallet's page */
  walletUrl: string;
  requestTtlSeconds: number;
  clockToleranceSeconds: number;
  trustList: readonly TrustedIssuer[];
}

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** OpenID4VP's Digital Credentials Query: one PID of an accepted type, with the requested claims only. */
export function presentationQuery(trustList: readonly TrustedIssuer[]) {
  const types = [...new Set(trustList.filter((i) => i.status === 'trusted').flatMap((i) => i.vcts))];
  return {
    credentials: [
      {
        id: 'pid',
        format: 'dc+sd-jwt',
        meta: { vct_values: types },
        claims: REQUESTED_CLAIMS.map((claim) => ({ path: [claim] })),
      },
    ],
  };
}

/** The identification provider named `wallet`: start makes the presentation request. */
export function createWalletProvider(deps: WalletDeps): IdentificationProvider {
  return {
    async start({ identificationId }) {
      const state = randomBytes(32).toString('base64url');
      const nonce = randomBytes(24).toString('base64url');
      const responseUri = `${deps.publicUrl}${WALLET_RESPONSE_PATH}`;
      // OpenID4VP 1.0 client identifier prefix: the verifier is known by where answers go
      const clientId = `redirect_uri:${responseUri}`;
      const now = deps.clock.now();
      await repo.insertPresentationRequest(deps.db, {
        identification_id: identificationId,
        state_hash: hashOf(state),
        nonce,
        audience: clientId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + deps.requestTtlSeconds * 1000).toISOString(),
      });
      const query = new URLSearchParams({
        client_id: clientId,
        response_type: 'vp_token',
        response_mode: 'direct_post',
        response_uri: responseUri,
        nonce,
        state,
        dcql_query: JSON.stringify(presentationQuery(deps.trustList)),
      });
      return { url: `${deps.walletUrl}?${query.toString()}` };
    },
    // an abandoned request simply expires; the identification's own state is what counts
    async cancel() {},
    verifyCallback() {
      throw new AppError('identification.callback_invalid', `Wallets answer at ${WALLET_RESPONSE_PATH}`);
    },
  };
}

/** vp_token as a string, as a DCQL answer `{ pid: [...] }`, or that object sent as JSON text. */
function presentationOf(vpToken: string | Record<string, unknown>): string {
  let token: unknown = vpToken;
  if (typeof token === 'string' && token.trimStart().startsWith('{')) {
    try {
      token = JSON.parse(token);
    } catch {
      token = undefined;
    }
  }
  if (token && typeof token === 'object') {
    const pid = (token as Record<string, unknown>)['pid'];
    token = Array.isArray(pid) && pid.length === 1 ? pid[0] : pid;
  }
  if (typeof token !== 'string' || token.length === 0)
    throw new AppError(
      'identification.wallet_presentation_invalid',
      'vp_token holds no single PID presentation',
    );
  return token;
}

function identityOf(claims: Record<string, unknown>) {
  const text = (name: string) => {
    const value = claims[name];
    return typeof value === 'string' && value.trim().length > 0 && value.length <= 100 ? value.trim() : null;
  };
  const givenName = text('given_name');
  const surname = text('family_name');
  const country = text('issuing_country')?.toUpperCase();
  if (!givenName || !surname || !country || !/^[A-Z]{2}$/.test(country))
    throw new AppError(
      'identification.wallet_claims_missing',
      'The presentation must disclose given_name, family_name and issuing_country',
    );
  // no phone: a wallet identity serves advanced signatures, which send no codes
  return { givenName, surname, country, mobile: '' };
}

function returnAddress(publicUrl: string, identification: IdentificationRecord): string {
  const { holder } = identification;
  return holder.kind === 'signer'
    ? `${publicUrl}/direct-sign/identification/${encodeURIComponent(identification.signatureRequestId ?? '')}/${encodeURIComponent(holder.signerId)}`
    : `${publicUrl}/profile/signature-standards`;
}

/** The wallet's direct_post answer: verified in full before anything is written. */
export async function receiveWalletResponse(
  deps: WalletDeps,
  input: { state: string; vpToken: string | Record<string, unknown> },
): Promise<{ redirectUri: string }> {
  const request = await repo.findPresentationRequest(deps.db, hashOf(input.state));
  if (!request || request.answeredAt)
    throw new AppError(
      'identification.wallet_request_unknown',
      'No open presentation request has this state',
    );
  const now = deps.clock.now();
  if (now.getTime() >= Date.parse(request.expiresAt))
    throw new AppError('identification.wallet_request_expired', 'The presentation request has expired');
  const identification = await findIdentification(deps.db, request.identificationId);
  if (!identification || !isIdentificationOpen(identification.status))
    throw new AppError('identification.wallet_request_unknown', 'The identification is no longer open');
  const verified = await verifyPresentation(presentationOf(input.vpToken), {
    nonce: request.nonce,
    audience: request.audience,
    now,
    maxAgeSeconds: deps.requestTtlSeconds,
    clockToleranceSeconds: deps.clockToleranceSeconds,
    trustList: deps.trustList,
  });
  const identity = identityOf(verified.claims);
  const at = now.toISOString();
  const answered = await repo.answerPresentationRequest(deps.db, identification.id, {
    at,
    issuer: verified.issuer,
    credentialType: verified.vct,
    // only what was asked for is kept; anything else the wallet showed is dropped here
    disclosed: verified.disclosed.filter((name) => (REQUESTED_CLAIMS as readonly string[]).includes(name)),
  });
  if (!answered)
    throw new AppError(
      'identification.wallet_request_unknown',
      'The presentation request was answered already',
    );
  await applyIdentificationReport(deps, { identificationId: identification.id, event: 'approved', identity });
  return { redirectUri: returnAddress(deps.publicUrl, identification) };
}
