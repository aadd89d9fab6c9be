// What the activity report is made of, written where things happen: a person's place in a
// business changing (invited, joined, role changed, removed, left), a signature (for the business
// of the request's sender and for the signer's own business, once each), and an identification
// of a person of a business ending. Signatures are counted per month and level as well, for the
// dashboard. Each writer passes its own transaction where it has one, so the record stands or
// falls with what it records.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/tokens.js';
import { businessIdOfAccount, type RecordAccountEvents } from '../businesses/index.js';
import { countSignature, findPerson, insertActivities, type ActivityRow } from './repo.js';

type Db = Kysely<Database> | Transaction<Database>;

const blank = {
  role: null,
  by_email: null,
  request_id: null,
  sender_email: null,
  quality: null,
  legislation: null,
  group_name: null,
  method: null,
} satisfies Partial<ActivityRow>;

/** The activity rows of people's places in a business changing (businesses' `RecordAccountEvents`). */
export async function recordAccountEvents(
  db: Db,
  ...[businessId, at, byEmail, events]: Parameters<RecordAccountEvents>
): Promise<void> {
  await insertActivities(
    db,
    events.map((e) => ({
      ...blank,
      id: newId(),
      business_id: businessId,
      kind: 'accounts',
      at,
      event: e.event,
      email: e.email,
      name: e.name,
      role: e.role,
      by_email: byEmail,
    })),
  );
}

export interface SignatureFacts {
  at: string;
  requestId: string;
  ownerId: string;
  senderEmail: string;
  signerUserId: string | null;
  signerEmail: string;
  signerName: string;
  quality: string;
  legislation: string;
  groupName: string | null;
}

/**
 * Records a signature for the business of the request's sender and for the signer's business
 * (each once, when both are the same), and counts it in each one's month.
 */
export async function recordSignature(db: Db, facts: SignatureFacts): Promise<void> {
  const businesses = new Set<string>();
  for (const userId of [facts.ownerId, facts.signerUserId]) {
    const businessId = userId ? await businessIdOfAccount(db, userId) : undefined;
    if (businessId) businesses.add(businessId);
  }
  for (const businessId of businesses) {
    await insertActivities(db, [
      {
        ...blank,
        id: newId(),
        business_id: businessId,
        kind: 'signatures',
        at: facts.at,
        event: 'signed',
        email: facts.signerEmail,
        name: facts.signerName,
        request_id: facts.requestId,
        sender_email: facts.senderEmail,
        quality: facts.quality,
        legislation: facts.legislation,
        group_name: facts.groupName,
      },
    ]);
    await countSignature(db, { businessId, month: facts.at.slice(0, 7), quality: facts.quality });
  }
}

/** Records the end of a person's identification in their business's report, if they have one. */
export async function recordIdentification(
  db: Db,
  facts: {
    at: string;
    userId: string;
    method: string;
    legislation: string;
    /** `disconnected`: a national eID taken off the account (ADR 106) */
    outcome: 'success' | 'failure' | 'cancelled' | 'disconnected';
  },
): Promise<void> {
  const businessId = await businessIdOfAccount(db, facts.userId);
  if (!businessId) return;
  const user = await findPerson(db, facts.userId);
  if (!user) return;
  await insertActivities(db, [
    {
      ...blank,
      id: newId(),
      business_id: businessId,
      kind: 'identifications',
      at: facts.at,
      event: facts.outcome,
      email: user.email,
      name: user.name,
      legislation: facts.legislation,
      method: facts.method,
    },
  ]);
}
