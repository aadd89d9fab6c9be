// Delegation: a signer whose signature is pending passes it on to someone else. The delegate
// takes over the same signature fields (the prepared revision already holds them, so nothing is
// written to the documents), gets their own link, and the one who delegated is done. One hop
// only: the policy does not let a delegate delegate again, which keeps the chain of
// responsibility short; the audit log records who passed what to whom and why.
import { AppError } from '../../lib/app-error.js';
import { hashToken, newId, newSecretToken } from '../../lib/tokens.js';
import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { appendEvent } from './events-repo.js';
import * as repo from './repo.js';
import { moveFieldsToSigner } from './fields/repo.js';
import { notify, requestViewLink, signerLink } from './notify.js';
import { actorOf, linkedAccount, nextState, requireRequest, writeRequest } from './service.js';

export interface DelegateInput {
  email: string;
  name?: string | undefined;
  message: string;
}

export async function delegate(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'log' | 'mailer' | 'publicUrl'>,
  caller: Caller,
  id: string,
  input: DelegateInput,
): Promise<void> {
  const request = await requireRequest(deps, id);
  const from = authorize(request, caller, 'delegate').signer;
  if (!from) throw new AppError('signature_request.forbidden', 'Only a signer may delegate');
  nextState(request, { type: 'delegate' });
  const email = input.email.toLowerCase();
  if (request.signers.some((s) => s.email === email) || request.ownerEmail === email) {
    throw new AppError(
      'signature_request.duplicate_signer',
      'This person already takes part in the request; choose someone else',
    );
  }
  const delegateId = newId();
  const token = newSecretToken();
  const now = deps.clock.now().toISOString();
  let accountUserId: string | null = null;
  await writeRequest(deps, request, {}, now, async (trx) => {
    // Compare-and-set twice: writeRequest refuses if the request left 'open' meanwhile
    // (withdrawn, declined, completed), this if the signature is no longer pending.
    if (!(await repo.updateSigner(trx, from.id, { status: 'delegated' }))) {
      throw new AppError('signature_request.invalid_transition', 'This signature is no longer pending');
    }
    accountUserId = await linkedAccount(trx, email);
    await repo.insertSigner(trx, {
      id: delegateId,
      requestId: id,
      position: Math.max(...request.signers.map((s) => s.position)) + 1,
      email,
      name: input.name ?? null,
      accountUserId,
      status: 'pending',
      fields: from.fields,
      createdAt: now,
      delegatedFrom: from.id,
    });
    await moveFieldsToSigner(trx, from.id, delegateId);
    // The delegator's link keeps showing the request (the policy no longer lets it sign).
    await repo.addSignerToken(trx, delegateId, hashToken(token), now);
    await appendEvent(trx, id, {
      type: 'delegated',
      at: now,
      actor: actorOf(caller, request),
      ip: caller.ip,
      data: { from: from.email, to: email, message: input.message },
    });
  });
  const who = from.name ?? from.email;
  await notify(deps, request, 'delegated', email, {
    actor: who,
    link: signerLink(deps, id, { id: delegateId, accountUserId }, token),
    ...(input.message && { message: input.message }),
  });
  await notify(deps, request, 'delegation_notice', request.ownerEmail, {
    actor: who,
    recipient: input.name ? `${input.name} <${email}>` : email,
    link: requestViewLink(deps, id),
    ...(input.message && { message: input.message }),
  });
}
