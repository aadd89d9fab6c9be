// Disconnecting a national eID from the profile (ADR 106): DELETE /v1/user/identification/id-austria
// and /eidplus. Checked first (connected, and not the account's only way in), then the eID's
// identifications are marked disconnected with their qualities withdrawn, then the identity link
// goes and, with no eID left, the name and birth date are unlocked.
import { checkEidDisconnection, presentAccountOf, unlinkEidFromAccount } from '../accounts/index.js';
import { disconnectEidIdentification } from '../identification/index.js';
import { EIDPLUS, type EidDeps } from './deps.js';

export async function disconnectEid(
  deps: Pick<EidDeps, 'accounts' | 'db' | 'clock'>,
  input: { userId: string; provider: 'eidplus' | 'idaustria' },
) {
  // eID+ signs its account in (ADR 083); ID Austria only identifies
  await checkEidDisconnection(deps.accounts, { ...input, isSignInMethod: input.provider === EIDPLUS });
  await disconnectEidIdentification(deps, input);
  await unlinkEidFromAccount(deps.accounts, input);
  return presentAccountOf(deps.accounts, input.userId);
}
