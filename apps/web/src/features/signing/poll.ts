// Spec 4 and 9: a direct signer's page polls the signature state every 5 s while it is OPEN and
// stops on any other state, so a signature given elsewhere (another tab, a co-signer finishing
// the request) shows without a reload, and a finished request stops costing requests.
import { DIRECT_SIGN_OPEN_STATE, DIRECT_SIGN_POLL_MS } from '@countersign/domain';

export function directPollInterval(status: string | null | undefined): number | false {
  return status?.toUpperCase() === DIRECT_SIGN_OPEN_STATE ? DIRECT_SIGN_POLL_MS : false;
}
