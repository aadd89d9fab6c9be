// The wallet module's façade (ADR 068, 085): identification with a digital identity wallet's
// person identification data, built from the configuration, and the wallet's answer route.
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { IdentificationProvider } from '../../providers/identification/provider.js';
import { sandboxPidIssuer, trustEntryOf, type PidIssuer } from '../../providers/wallet/sandbox-wallet.js';
import { createWalletProvider, type WalletDeps } from './service.js';

export { registerWalletRoutes } from './routes.js';
export { REQUESTED_CLAIMS, WALLET_RESPONSE_PATH, type WalletDeps } from './service.js';

export interface WalletServices {
  deps: WalletDeps;
  provider: IdentificationProvider;
  /** the sandbox's test issuer, when the sandbox wallet runs */
  sandboxIssuer: PidIssuer | undefined;
}

/** Wallet identification when a trust list is configured or the sandbox wallet runs; else none. */
export function createWalletServices(
  config: Pick<Config, 'wallet' | 'publicUrl' | 'openId'>,
  db: Kysely<Database>,
  clock: Clock,
  /** the installation's key (TRUST_KEK or the development one): the sandbox issuer's key derives from it */
  installationKey: string,
): WalletServices | undefined {
  const { wallet } = config;
  const sandboxIssuer = wallet.sandbox ? sandboxPidIssuer(config.publicUrl, installationKey) : undefined;
  const trustList = [...wallet.trustList, ...(sandboxIssuer ? [trustEntryOf(sandboxIssuer)] : [])];
  if (trustList.length === 0) return undefined;
  const deps: WalletDeps = {
    db,
    clock,
    publicUrl: config.publicUrl,
    walletUrl: wallet.walletUrl ?? (sandboxIssuer ? `${config.publicUrl}/sandbox/wallet` : 'openid4vp://'),
    requestTtlSeconds: wallet.requestTtlSeconds,
    clockToleranceSeconds: config.openId.clockToleranceSeconds,
    trustList,
  };
  return { deps, provider: createWalletProvider(deps), sandboxIssuer };
}
