// The installation's own OpenID providers, read from the environment: for each NAME,
// OIDC_<NAME>_ISSUER, OIDC_<NAME>_CLIENT_ID and OIDC_<NAME>_CLIENT_SECRET, optionally
// OIDC_<NAME>_SCOPES (space- or comma-separated) and OIDC_<NAME>_CLAIMS (field=claim pairs, e.g.
// `first_name=givenName,email_verified=mail_verified`). Businesses configure their own provider
// in their settings instead (modules/sso). SANDBOX_OIDC starts the sandbox provider (on by
// default outside production; refused in production).
import {
  DEFAULT_SCOPES,
  STANDARD_CLAIMS,
  type ClaimMapping,
  type OpenIdProviderSettings,
} from './relying-party.js';

export interface OpenIdConfig {
  /** the installation's providers by lower-case name */
  providers: Readonly<Record<string, OpenIdProviderSettings>>;
  /** start the sandbox provider with its test people (never in production) */
  sandbox: boolean;
  /** SANDBOX_OIDC=true: start it outside development too (the browser journeys) */
  sandboxRequested: boolean;
  timeoutMs: number;
  clockToleranceSeconds: number;
  /** http:// issuers are taken only where sandboxes may run */
  allowHttp: boolean;
}

const CLAIM_FIELDS: Record<string, keyof ClaimMapping> = {
  email: 'email',
  email_verified: 'emailVerified',
  first_name: 'firstName',
  last_name: 'lastName',
  birth_date: 'birthDate',
};

/** `first_name=givenName,...` over the standard names; an unknown field is the operator's mistake. */
export function parseClaimMapping(value: string | undefined, fail: (message: string) => Error): ClaimMapping {
  const claims = { ...STANDARD_CLAIMS };
  for (const pair of (value ?? '').split(',').filter((p) => p.trim().length > 0)) {
    const [field = '', claim = ''] = pair.split('=').map((s) => s.trim());
    const key = CLAIM_FIELDS[field];
    if (!key || !claim)
      throw fail(`'${pair}' is not field=claim (fields: ${Object.keys(CLAIM_FIELDS).join(', ')})`);
    claims[key] = claim;
  }
  return claims;
}

export function parseScopes(value: string | undefined): string[] {
  const scopes = (value ?? '').split(/[\s,]+/).filter((s) => s.length > 0);
  if (scopes.length === 0) return [...DEFAULT_SCOPES];
  return scopes.includes('openid') ? scopes : ['openid', ...scopes];
}

export function readOpenIdConfig(
  env: NodeJS.ProcessEnv,
  options: { production: boolean; fail: (message: string) => Error },
): OpenIdConfig {
  const providers: Record<string, OpenIdProviderSettings> = {};
  for (const key of Object.keys(env)) {
    const match = /^OIDC_([A-Z0-9]+)_ISSUER$/.exec(key);
    if (!match?.[1]) continue;
    const name = match[1];
    const read = (suffix: string) => env[`OIDC_${name}_${suffix}`]?.trim() || undefined;
    const issuer = read('ISSUER')!;
    const clientId = read('CLIENT_ID');
    const clientSecret = read('CLIENT_SECRET');
    if (!clientId || !clientSecret)
      throw options.fail(
        `OIDC_${name}_ISSUER is set: OIDC_${name}_CLIENT_ID and OIDC_${name}_CLIENT_SECRET are needed too`,
      );
    if (options.production && !issuer.startsWith('https://'))
      throw options.fail(`OIDC_${name}_ISSUER must be an https:// URL in production`);
    providers[name.toLowerCase()] = {
      issuer,
      clientId,
      clientSecret,
      scopes: parseScopes(read('SCOPES')),
      claims: parseClaimMapping(read('CLAIMS'), (m) => options.fail(`OIDC_${name}_CLAIMS: ${m}`)),
    };
  }
  const sandboxSetting = env['SANDBOX_OIDC'];
  if (options.production && sandboxSetting === 'true')
    throw options.fail('SANDBOX_OIDC=true signs anyone in as anyone and is never used in production');
  const number = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw options.fail(`${name} must be a number of at least 0`);
    return value;
  };
  return {
    providers,
    sandbox: !options.production && sandboxSetting !== 'false',
    sandboxRequested: !options.production && sandboxSetting === 'true',
    timeoutMs: number('OIDC_TIMEOUT_MS', 5000),
    clockToleranceSeconds: number('OIDC_CLOCK_TOLERANCE_SECONDS', 30),
    allowHttp: !options.production,
  };
}
