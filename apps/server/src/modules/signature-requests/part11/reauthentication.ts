// The re-authentication of a Part 11 signature (21 CFR 11.200(a)(1), 11.300): the signer's
// password and the one-time code sent to their phone or mailbox, both checked before anything is
// locked or signed, and the meaning they state (11.50). A wrong password counts against the
// code's tries, so guessing is bounded here as it is at sign-in. One sign call re-authenticates
// once, however many requests it signs (11.200(a)(1)(i): a series during one session).
import type { Part11Reauthentication } from '@countersign/contract';
import { AppError } from '../../../lib/app-error.js';
import { findPerson, fullNameOf, verifyPersonPassword } from '../../accounts/index.js';
import { checkCode, countFailedTry, type CheckResult } from '../../one-time-codes/index.js';
import type { Caller } from '../access.js';
import type { RequestsDeps } from '../deps.js';
import type { RequestRecord } from '../model.js';
import { isPart11Request } from './part11-mode.js';
import type { Part11Manifest } from './manifestation.js';

type Deps = Pick<RequestsDeps, 'clock' | 'db'>;

/** The one-time codes of Part 11 re-authentication belong to the account. */
export const part11CodeKey = (userId: string) => ({ purpose: 'part11', subject: userId });

const REFUSED: Record<Exclude<CheckResult, { ok: true }>['reason'], [AppError['code'], string]> = {
  missing: ['part11.code_missing', 'No code waits for you: ask for a new one'],
  invalid: ['part11.code_invalid', 'The code is wrong'],
  expired: ['part11.code_expired', 'The code has expired: ask for a new one'],
  locked: ['part11.code_locked', 'Too many wrong tries: ask for a new code'],
};

/** What one sign call gave to re-authenticate, checked once for all its requests. */
export interface Part11Session {
  verify(deps: Deps, userId: string): Promise<string>;
}

export function part11Session(given: Part11Reauthentication | undefined): Part11Session | undefined {
  if (!given) return undefined;
  let verified: Promise<string> | undefined;
  return {
    verify(deps, userId) {
      verified ??= reauthenticate(deps, userId, given);
      return verified;
    },
  };
}

/** Password, then code; the channel the code went by. */
async function reauthenticate(deps: Deps, userId: string, given: Part11Reauthentication): Promise<string> {
  const key = part11CodeKey(userId);
  if (!(await verifyPersonPassword(deps.db, userId, given.password))) {
    const outcome = await countFailedTry(deps.db, key);
    if (outcome === 'locked') throw new AppError(...REFUSED.locked);
    throw new AppError('part11.password_invalid', 'The password is wrong');
  }
  const checked = await checkCode(deps.db, key, given.code, { now: deps.clock.now() });
  if (!checked.ok) throw new AppError(...REFUSED[checked.reason]);
  return checked.channel;
}

/**
 * What a Part 11 signature states (printed name, meaning), checked at once, and the
 * re-authentication still to verify: `verify` spends the code, so a sign call runs it only once it
 * knows it will go on to sign (signing.ts). Undefined for any other request (and for a business
 * seal, which is no person's signature).
 */
export async function part11StatementFor(
  deps: Deps,
  caller: Caller,
  request: RequestRecord,
  options: {
    seal?: string | undefined;
    signingName?: string | undefined;
    signingReason?: string | undefined;
    part11?: Part11Session | undefined;
  },
): Promise<{ verify(): Promise<Part11Manifest> } | undefined> {
  if (options.seal !== undefined || !(await isPart11Request(deps.db, request))) return undefined;
  if (caller.kind !== 'person') {
    throw new AppError(
      'part11.account_required',
      'A Part 11 signature is made by a signed-in account holder',
    );
  }
  const person = await findPerson(deps.db, caller.userId);
  const meaning = options.signingReason?.trim();
  const printedName = options.signingName?.trim() || (person && fullNameOf(person)) || '';
  if (!meaning || !printedName) {
    throw new AppError(
      'part11.meaning_required',
      'A Part 11 signature states a printed name and its meaning',
      {
        errors: [{ path: 'body.signature_requests.signing_reason', message: 'required' }],
      },
    );
  }
  const session = options.part11;
  if (!session) {
    throw new AppError('part11.reauthentication_required', 'Give your password and the code sent to you');
  }
  return {
    verify: async () => ({ printedName, meaning, codeChannel: await session.verify(deps, caller.userId) }),
  };
}
