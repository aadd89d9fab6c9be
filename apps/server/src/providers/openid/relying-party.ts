// One OpenID Connect relying party, whatever the provider: a business's own SSO, the
// installation's providers, and the national eIDs (ADR 083). Authorization code flow with PKCE, state
// and nonce; the ID token's issuer, audience, times and signature are checked by openid-client,
// and every call to the provider has a time limit, so a slow or absent provider fails the sign-in
// with `sso.provider_unavailable` instead of holding it open.
import * as oidc from 'openid-client';
import { AppError } from '../../lib/app-error.js';

/** How one provider is reached and how its claims map onto a person. */
export interface OpenIdProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
  /** the claim names holding each field; the OpenID standard names by default */
  claims: ClaimMapping;
}

export interface ClaimMapping {
  email: string;
  emailVerified: string;
  firstName: string;
  lastName: string;
  /** the national eIDs' birth date (ADR 083); the standard `birthdate` when not named */
  birthDate?: string;
}

export const STANDARD_CLAIMS: ClaimMapping = {
  email: 'email',
  emailVerified: 'email_verified',
  firstName: 'given_name',
  lastName: 'family_name',
};

export const DEFAULT_SCOPES = ['openid', 'email', 'profile'] as const;

export interface RelyingPartyOptions {
  /** limit of each call to the provider (discovery, token, keys), in milliseconds */
  timeoutMs: number;
  /** leeway for the ID token's times (iat, exp, nbf), in seconds */
  clockToleranceSeconds: number;
  /** http:// issuers: only for the sandbox provider outside production */
  allowHttp: boolean;
}

/** What the browser must carry to the provider, and what the server keeps to check the answer. */
export interface AuthorizationStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The person the provider vouches for, in our terms. */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD as the provider sent it, or '' when it sent none */
  birthDate: string;
}

/** The parameters the provider sent back to the redirect URI. */
export type CallbackParameters = Readonly<Record<string, string>>;

function isNetworkFailure(err: unknown): boolean {
  const name = (err as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return true;
  // fetch reports refused connections and unknown hosts as a TypeError with a cause
  if (err instanceof TypeError && (err as { cause?: unknown }).cause !== undefined) return true;
  const cause = (err as { cause?: unknown }).cause;
  return cause !== undefined && cause !== err && isNetworkFailure(cause);
}

/** Turns openid-client's failures into the catalogue's codes; anything unknown goes on as is. */
function toProblem(err: unknown, issuer: string): unknown {
  if (err instanceof AppError) return err;
  if (isNetworkFailure(err)) {
    return new AppError('sso.provider_unavailable', `The identity provider ${issuer} did not answer in time`);
  }
  const code = (err as { code?: string }).code;
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON') {
    return new AppError('sso.provider_unavailable', `The identity provider ${issuer} answered in error`);
  }
  if (err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError) {
    return new AppError('sso.provider_refused', `The identity provider refused: ${err.error}`);
  }
  if (code?.startsWith('OAUTH_') || code?.startsWith('ERR_JW') || err instanceof oidc.ClientError) {
    return new AppError('sso.token_invalid', `The identity provider's answer failed its checks (${code})`);
  }
  return err;
}

function readString(claims: Record<string, unknown>, name: string): string {
  const value = claims[name];
  return typeof value === 'string' ? value : '';
}

function readVerified(claims: Record<string, unknown>, name: string): boolean {
  const value = claims[name];
  // some providers send the boolean as a string
  return value === true || value === 'true';
}

export interface RelyingParty {
  readonly issuer: string;
  /** Discovers the provider (once) and builds the address the browser is sent to. */
  start(redirectUri: string): Promise<AuthorizationStart>;
  /** Exchanges the code and checks the ID token against what `start` returned. */
  complete(input: {
    redirectUri: string;
    parameters: CallbackParameters;
    expected: { state: string; nonce: string; codeVerifier: string };
  }): Promise<VerifiedIdentity>;
}

export function createRelyingParty(
  settings: OpenIdProviderSettings,
  options: RelyingPartyOptions,
): RelyingParty {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = (): Promise<oidc.Configuration> => {
    discovered ??= discover().catch((err: unknown) => {
      discovered = undefined; // a provider that was down may answer next time
      throw err;
    });
    return discovered;
  };
  const discover = async () => {
    let server: URL;
    try {
      server = new URL(settings.issuer);
    } catch {
      throw new AppError('sso.provider_unavailable', `The issuer is not a URL: ${settings.issuer}`);
    }
    const execute = [oidc.enableNonRepudiationChecks];
    if (options.allowHttp && server.protocol === 'http:') execute.push(oidc.allowInsecureRequests);
    const config = await oidc.discovery(
      server,
      settings.clientId,
      { [oidc.clockTolerance]: options.clockToleranceSeconds },
      oidc.ClientSecretBasic(settings.clientSecret),
      { timeout: Math.max(1, Math.ceil(options.timeoutMs / 1000)), execute },
    );
    // a fetch that stalls on its body is cut too: the signal bounds the whole exchange
    config[oidc.customFetch] = (url, init) =>
      fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) } as RequestInit);
    return config;
  };

  return {
    issuer: settings.issuer,
    async start(redirectUri) {
      try {
        const config = await configuration();
        const codeVerifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        const url = oidc.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: settings.scopes.join(' '),
          response_type: 'code',
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        });
        return { url: url.href, state, nonce, codeVerifier };
      } catch (err) {
        throw toProblem(err, settings.issuer);
      }
    },

    async complete({ redirectUri, parameters, expected }) {
      try {
        const config = await configuration();
        const current = new URL(redirectUri);
        for (const [key, value] of Object.entries(parameters)) current.searchParams.set(key, value);
        const tokens = await oidc.authorizationCodeGrant(
          config,
          current,
          {
            pkceCodeVerifier: expected.codeVerifier,
            expectedState: expected.state,
            expectedNonce: expected.nonce,
            idTokenExpected: true,
          },
          { redirect_uri: redirectUri },
        );
        const idToken = tokens.claims();
        if (!idToken) throw new AppError('sso.token_invalid', 'The provider sent no ID token');
        const claims = idToken as Record<string, unknown>;
        return {
          issuer: idToken.iss,
          subject: idToken.sub,
          email: readString(claims, settings.claims.email).trim().toLowerCase(),
          emailVerified: readVerified(claims, settings.claims.emailVerified),
          firstName: readString(claims, settings.claims.firstName).trim(),
          lastName: readString(claims, settings.claims.lastName).trim(),
          birthDate: readString(claims, settings.claims.birthDate ?? 'birthdate').trim(),
        };
      } catch (err) {
        throw toProblem(err, settings.issuer);
      }
    },
  };
}
