// "Send to": the owner of a draft hands it to someone who will send it under their own name
// (an assistant prepares, the manager sends). The addressee gets a /sendto/{id} link by mail;
// only a signed-in account with that address may read the hand-off or claim it. Claiming is
// single-use and moves the draft to the addressee, who becomes its owner; the one who prepared
// it no longer sees it (a draft is private to its owner). Both steps are in the audit log.
import type { Sendto } from '@countersign/contract';
import { findPerson } from '../accounts/index.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';
import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { appendEvent } from './events-repo.js';
import type { RequestRecord } from './model.js';
import { notify } from './notify.js';
import { actorOf, nextState, requireRequest, writeRequest } from './service.js';
import { findHandoff, insertHandoff, markHandoffClaimed, type HandoffRow } from './sendto-repo.js';

type UserCaller = Extract<Caller, { kind: 'person' | 'api_user' }>;

function present(row: HandoffRow, request: RequestRecord, from: Sendto['from']): Sendto {
  return {
    id: row.id,
    signatureRequestId: request.id,
    title: request.title,
    status: request.status,
    documentCount: request.documents.length,
    from,
    toEmail: row.to_email,
    message: row.message,
    createdAt: row.created_at,
    claimedAt: row.claimed_at,
  };
}

export async function createHandoff(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'log' | 'mailer' | 'publicUrl'>,
  caller: UserCaller,
  id: string,
  input: { email: string; message: string },
): Promise<Sendto> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'edit');
  const email = input.email.toLowerCase();
  if (email === caller.email)
    throw new AppError('sendto.invalid_recipient', 'Hand the draft to someone other than yourself');
  const row: HandoffRow = {
    id: newId(),
    request_id: id,
    to_email: email,
    message: input.message,
    created_at: deps.clock.now().toISOString(),
    claimed_at: null,
  };
  await deps.db.transaction().execute(async (trx) => {
    await insertHandoff(trx, row, caller.userId);
    await appendEvent(trx, id, {
      type: 'handed_off',
      at: row.created_at,
      actor: actorOf(caller),
      ip: caller.ip,
      data: { to: email },
    });
  });
  await notify(deps, request, 'sendto', email, {
    link: `${deps.publicUrl}/sendto/${row.id}`,
    ...(input.message && { message: input.message }),
  });
  return present(row, request, {
    email: request.ownerEmail,
    firstName: request.ownerFirstName,
    lastName: request.ownerLastName,
  });
}

/** The hand-off addressed to this caller; anyone else learns nothing of it. */
async function addressedTo(deps: Pick<RequestsDeps, 'db'>, caller: UserCaller, sendtoId: string) {
  const row = await findHandoff(deps.db, sendtoId);
  if (!row || row.to_email !== caller.email)
    throw new AppError('sendto.not_found', 'No such hand-off for your account');
  const request = await requireRequest(deps, row.request_id);
  // the account that offered it, even if it has been deleted since
  const offeredBy = await findPerson(deps.db, row.from_user_id, { includeDeleted: true });
  if (!offeredBy) throw new AppError('sendto.not_found', 'No such hand-off for your account');
  const from = { email: offeredBy.email, firstName: offeredBy.firstName, lastName: offeredBy.lastName };
  return { row, request, from };
}

export async function getHandoff(
  deps: Pick<RequestsDeps, 'db'>,
  caller: UserCaller,
  sendtoId: string,
): Promise<Sendto> {
  const { row, request, from } = await addressedTo(deps, caller, sendtoId);
  return present(row, request, from);
}

export async function claimHandoff(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: UserCaller,
  sendtoId: string,
): Promise<string> {
  const { row, request } = await addressedTo(deps, caller, sendtoId);
  if (row.claimed_at) throw new AppError('sendto.already_claimed', 'This draft has already been taken over');
  // Only a draft changes hands: once sent, the request belongs to the person who sent it.
  nextState(request, { type: 'edit', target: 'document', change: 'add' });
  const now = deps.clock.now().toISOString();
  await writeRequest(deps, request, { ownerId: caller.userId }, now, async (trx) => {
    if (!(await markHandoffClaimed(trx, sendtoId, now)))
      throw new AppError('sendto.already_claimed', 'This draft has already been taken over');
    await appendEvent(trx, request.id, {
      type: 'claimed',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: { from: request.ownerEmail, to: caller.email },
    });
  });
  return request.id;
}
