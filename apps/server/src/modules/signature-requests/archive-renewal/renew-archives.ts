// Archive renewal (ADR 089): a completed document whose newest document time-stamp stops proving
// it within the renewal margin (its TSA's certificate ends, or its digest is retired by policy)
// gets fresh validation data and a new document time-stamp, appended as incremental updates
// under the document's lock, so every earlier signature stays valid. One document at a time;
// what is due lives in the database (`archive_renewals`), so a restart picks up where it stood.
// A renewal that fails (the time-stamp authority does not answer) leaves the document as it
// was, is logged and counted, and is tried again later.
import { decideRenewal, renewArchiveTimestamp, type LtvServices } from '@countersign/pades';
import { countAppendedRevisions } from '@countersign/pdf';
import { AppError } from '../../../lib/app-error.js';
import { deleteNewRevisionIfUnused } from '../blob-removal.js';
import type { RequestsDeps } from '../deps.js';
import { appendEvents } from '../events-repo.js';
import { withDocumentLocks } from '../locks.js';
import { advanceDocument } from '../repo.js';
import * as archive from './repo.js';

export type ArchiveRenewalDeps = Pick<
  RequestsDeps,
  'db' | 'blobs' | 'clock' | 'failpoint' | 'liveness' | 'log' | 'signingLockTtlMs'
> & {
  trust: () => Promise<LtvServices>;
};

export interface ArchiveRenewalOptions {
  /** ARCHIVE_RENEWAL_MARGIN_DAYS in ms: renew once the newest proof ends within this */
  marginMs: number;
  /** documents looked at per run */
  batch?: number;
}

export interface ArchiveRenewalReport {
  enrolled: number;
  checked: number;
  renewed: number;
  failed: number;
}

const DAY = 86_400_000;
/** how long a claimed document stays with the server that took it, should that server die */
const CLAIM_MS = 15 * 60_000;
/** the first retry after a failed renewal; doubled each time, up to a day */
const FIRST_RETRY_MS = 15 * 60_000;
/** a renewal that did not get the proof beyond the margin is looked at again no sooner than this */
const MIN_RECHECK_MS = DAY;

const iso = (ms: number) => new Date(ms).toISOString();

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), DAY);
}

type Outcome = 'checked' | 'renewed' | 'failed' | 'skipped';

/** Enrols newly completed documents, then checks (and renews) the due ones, one by one. */
export async function runArchiveRenewal(
  deps: ArchiveRenewalDeps,
  options: ArchiveRenewalOptions,
): Promise<ArchiveRenewalReport> {
  const batch = options.batch ?? 20;
  const report: ArchiveRenewalReport = { enrolled: 0, checked: 0, renewed: 0, failed: 0 };
  const now = deps.clock.now();
  report.enrolled = await archive.enrolCompletedDocuments(deps.db, now.toISOString(), 500);
  for (const due of await archive.findDue(deps.db, now.toISOString(), batch)) {
    if (!(await archive.claim(deps.db, due, iso(deps.clock.now().getTime() + CLAIM_MS)))) continue;
    const outcome = await checkDocument(deps, options, due);
    if (outcome !== 'skipped') report[outcome]++;
  }
  return report;
}

async function checkDocument(
  deps: ArchiveRenewalDeps,
  options: ArchiveRenewalOptions,
  due: archive.DueRenewal,
): Promise<Outcome> {
  try {
    return await withDocumentLocks(
      deps.db,
      deps.liveness,
      [due.documentId],
      { ttlMs: deps.signingLockTtlMs, waitMs: 0 },
      () => checkLocked(deps, options, due),
    );
  } catch (err) {
    // someone else writes the document now: look again shortly, not counted as a failure
    if (err instanceof AppError && err.code === 'signature_request.locked') {
      await archive.postpone(deps.db, due.documentId, iso(deps.clock.now().getTime() + FIRST_RETRY_MS));
      return 'skipped';
    }
    const attempts = due.attempts + 1;
    const retryAt = iso(deps.clock.now().getTime() + retryDelayMs(attempts));
    const message = err instanceof Error ? err.message : String(err);
    await archive.recordFailure(deps.db, due.documentId, message, retryAt);
    deps.log.warn(
      { documentId: due.documentId, attempts, retryAt, err: message },
      'archive renewal failed; the document is unchanged and will be tried again',
    );
    return 'failed';
  }
}

async function checkLocked(
  deps: ArchiveRenewalDeps,
  options: ArchiveRenewalOptions,
  due: archive.DueRenewal,
): Promise<Outcome> {
  const doc = await archive.readDocument(deps.db, due.documentId);
  if (!doc?.isCompleted) {
    await archive.recordChecked(deps.db, due.documentId, { provenUntil: null, nextCheckAt: null });
    return 'checked';
  }
  const trust = await deps.trust();
  const anchors = [trust.rootCertificate()];
  const now = deps.clock.now();
  const bytes = new Uint8Array(await deps.blobs.get(doc.currentSha256));
  const decision = decideRenewal(bytes, anchors, now, options.marginMs);
  const nextCheck = (provenUntil: Date) =>
    iso(Math.max(provenUntil.getTime() - options.marginMs, now.getTime() + MIN_RECHECK_MS));
  if (!decision.isDue) {
    await archive.recordChecked(deps.db, doc.id, {
      provenUntil: decision.provenUntil?.toISOString() ?? null,
      nextCheckAt: decision.provenUntil ? nextCheck(decision.provenUntil) : null,
    });
    return 'checked';
  }
  const renewed = await renewArchiveTimestamp(bytes, {
    rootCertificate: () => trust.rootCertificate(),
    collectValidationData: (...chains) => trust.collectValidationData(...chains),
    // where a test makes the time-stamp authority fail to answer
    timestamp: async (imprint) => {
      await deps.failpoint('archive.timestamp');
      return trust.timestamp(imprint);
    },
  });
  const proof = decideRenewal(renewed, anchors, now, options.marginMs);
  const to = await deps.blobs.put(renewed, { sha256: doc.currentSha256, bytes });
  const at = now.toISOString();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const moved = await advanceDocument(trx, {
        id: doc.id,
        fromSha256: doc.currentSha256,
        toSha256: to,
        toSize: renewed.length,
        revisionsAdded: countAppendedRevisions(renewed, bytes.length),
      });
      if (!moved) throw new AppError('document.conflict', 'The document changed while it was renewed');
      await appendEvents(trx, doc.requestId, [
        {
          type: 'archive_renewed',
          at,
          actor: { kind: 'system', id: null, email: null },
          ip: null,
          data: {
            document: { id: doc.id, sha256: to },
            previousProofUntil: decision.provenUntil?.toISOString() ?? null,
            provenUntil: proof.provenUntil?.toISOString() ?? null,
          },
        },
      ]);
      await archive.recordChecked(trx, doc.id, {
        provenUntil: proof.provenUntil?.toISOString() ?? null,
        nextCheckAt: proof.provenUntil ? nextCheck(proof.provenUntil) : null,
        renewedAt: at,
      });
    });
  } catch (err) {
    await deleteNewRevisionIfUnused(deps, to);
    throw err;
  }
  return 'renewed';
}
