// The partner referral (Cello) a person signed up through: the code the business sign-up link
// carried (`ucc`), kept as the account's `celloUcc`. The first referral is the one that counts,
// so a later, different code is refused rather than silently taking its place.
import type { User } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { presentUser } from './account.js';
import type { AccountsDeps } from './service.js';

export async function recordCelloReferral(
  deps: Pick<AccountsDeps, 'repo' | 'clock'>,
  input: { userId: string; ucc: string },
): Promise<User> {
  const account = await deps.repo.findUserById(input.userId);
  if (!account) throw new AppError('auth.invalid_token', 'The session no longer belongs to an account');
  const current = account.attributes.celloUcc;
  if (current === input.ucc) return presentUser(account);
  if (current) throw new AppError('cello.already_referred', 'Another referral code is already recorded');
  const attributes = { ...account.attributes, celloUcc: input.ucc };
  await deps.repo.updateUser(account.id, { attributes }, deps.clock.now().toISOString());
  return presentUser({ ...account, attributes });
}
