// Wallet identification settings (ADR 085), read from the environment: WALLET_TRUST_LIST (a JSON
// file of the issuers whose PIDs count), WALLET_URL (where presentation requests go; a wallet's
// `openid4vp://` unless the sandbox wallet answers), WALLET_REQUEST_MINUTES (how long a request
// and its answer may take), SANDBOX_WALLET (the sandbox wallet page and its test issuer: on by
// default outside production, refused in production).
import { readTrustList, type TrustedIssuer } from './trust-list.js';

export interface WalletConfig {
  trustList: TrustedIssuer[];
  /** serve /sandbox/wallet and trust its test issuer (never in production) */
  sandbox: boolean;
  /** undefined: the sandbox wallet's page when the sandbox runs, else `openid4vp://` */
  walletUrl: string | undefined;
  requestTtlSeconds: number;
}

export function readWalletConfig(
  env: NodeJS.ProcessEnv,
  options: { production: boolean; fail: (message: string) => Error },
): WalletConfig {
  const sandboxSetting = env['SANDBOX_WALLET'];
  if (options.production && sandboxSetting === 'true')
    throw options.fail(
      'SANDBOX_WALLET=true trusts a test issuer anyone can use and is never used in production',
    );
  const minutesText = env['WALLET_REQUEST_MINUTES'];
  const minutes = minutesText === undefined || minutesText === '' ? 10 : Number(minutesText);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 60)
    throw options.fail('WALLET_REQUEST_MINUTES must be a number of minutes above 0 and at most 60');
  const file = env['WALLET_TRUST_LIST']?.trim();
  const walletUrl = env['WALLET_URL']?.trim() || undefined;
  if (
    walletUrl &&
    !/^(https:\/\/|openid4vp:\/\/|haip:\/\/|eudi-openid4vp:\/\/)/.test(walletUrl) &&
    options.production
  )
    throw options.fail(
      'WALLET_URL must be an https:// or a wallet scheme (openid4vp://) address in production',
    );
  return {
    trustList: file ? readTrustList(file, options.fail) : [],
    sandbox: !options.production && sandboxSetting !== 'false',
    walletUrl,
    requestTtlSeconds: Math.round(minutes * 60),
  };
}
