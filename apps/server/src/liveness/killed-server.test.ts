// After a crash, back to normal in seconds with nothing half-made (ADR 046), proven on the real
// server: a child process served as in production (signing, PDF and background threads, mail in
// the background through SMTP, the recovery jobs) is killed with SIGKILL where it hurts most and
// started again on the same data, on SQLite and PostgreSQL. Failpoints armed through the
// environment stop it at the chosen places: between a request and its documents, before a
// signature commits, after the completing commit (while its mail is being composed), right after
// SMTP accepted a mail. The mail server outlives every incarnation and sees every copy.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/database.js';
import { findLeftovers, requestsWithoutDocuments } from '../test-support/leftovers.js';
import { signerSignatures } from '../test-support/pdfsig.js';
import { generatedPdf } from '../test-support/pdfs.js';
import { ServedClient, startServedServer, type ServedServer } from '../test-support/served-server.js';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.js';
import { within } from '../test-support/within.js';
import { createPostgresDatabase, freePort, testDatabases } from '../test-support/test-app.js';

const COMPLETED_SUBJECT = 'Signed by everyone: Crash contract';

/** Each revision of an incrementally updated PDF: the file up to and including each %%EOF. */
function revisions(pdf: Buffer): Buffer[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/%%EOF(\r\n|\r|\n)?/g)].map((m) => pdf.subarray(0, m.index + m[0].length));
}

describe.each(testDatabases())('a server killed and restarted on %s', (kind) => {
  let sink: SmtpSink;
  let dataDir: string;
  let port: number;
  let db: Db;
  let dropDatabase = async () => undefined as void;
  let databaseUrl: string | undefined;
  let server: ServedServer | undefined;
  let owner: ServedClient;
  let first: ServedClient;
  let second: ServedClient;
  let requestId = '';
  const mailTexts = async (email: string) => sink.textsTo(email);

  /** Starts a server on the shared data, with the given failpoints armed. */
  const start = async (failpoints = '') => {
    server = await startServedServer(
      {
        SMTP_URL: sink.url,
        BACKGROUND_JOBS: 'true',
        // one thread of each kind: what matters is that they exist, and fewer start sooner
        SIGNING_THREADS: '1',
        PDF_THREADS: '1',
        ...(failpoints && { COUNTERSIGN_FAILPOINT: failpoints }),
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      },
      { dataDir, port },
    );
    return server;
  };
  const request = async (who: ServedClient = owner) => {
    const res = await fetch(`${who.baseUrl}/v3/signature-requests/${requestId}`, {
      headers: { authorization: `Bearer ${who.sessionToken}` },
    });
    return (await res.json()) as {
      status: string;
      signatures: { status: string; email: string }[];
      documents: { id: string }[];
    };
  };
  const leftovers = () => findLeftovers(db.kysely, dataDir);
  const clean = async () => {
    const found = await leftovers();
    return found.orphans.length === 0 && found.partial.length === 0 ? found : undefined;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-killed-'));
    port = await freePort();
    if (kind === 'postgres') {
      const created = await createPostgresDatabase();
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
    const served = await start();
    owner = new ServedClient(served.baseUrl, '', mailTexts);
    first = new ServedClient(served.baseUrl, '', mailTexts);
    second = new ServedClient(served.baseUrl, '', mailTexts);
    await owner.signUp('owner@example.org');
    await first.signUp('first@example.org');
    await second.signUp('second@example.org');
    const pdf = await generatedPdf(1, 'Crash contract');
    const created = await owner.upload(
      pdf,
      ['first@example.org', 'second@example.org'],
      'contract.pdf',
      'Crash contract',
    );
    requestId = ((await created.json()) as { id: string }).id;
    expect((await owner.initiate(requestId)).status).toBe(200);
    db = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'countersign.db') });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
    await sink?.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves nothing of a request killed before its documents, nor of a signature killed before its commit', async () => {
    await server!.kill();
    const served = await start('create.before_documents,sign.before_commit');
    const signing = first.sign(requestId).catch(() => undefined);
    await served.reached('sign.before_commit');
    // (in this order: the request's transaction, held open, would keep SQLite from signing)
    const creating = owner
      .upload(await generatedPdf(1, 'Half-made'), ['first@example.org'], 'half.pdf', 'Half-made')
      .catch(() => undefined);
    await served.reached('create.before_documents');
    await served.kill();
    expect([await creating, await signing]).toEqual([undefined, undefined]);

    const restarted = await start('completion.before_mail');
    // the dead process's lock on the document does not hold the signer back
    const signed = await first.sign(requestId);
    const signedAfterMs = Date.now() - restarted.readyAt;
    expect(signed.status, await signed.clone().text()).toBe(200);
    expect(signedAfterMs).toBeLessThan(5000);
    console.log(
      `${kind}: next signature ${signedAfterMs} ms after the restarted server answered, ` +
        `${Date.now() - restarted.startedAt} ms after it was started`,
    );
    // no draft without its document, and no request of the call that was never answered
    const empty = await requestsWithoutDocuments(db.kysely);
    expect(empty).toEqual([]);
    expect(
      await db.kysely
        .selectFrom('signature_requests')
        .select('id')
        .where('title', '=', 'Half-made')
        .execute(),
    ).toEqual([]);
    // start-up recovery removes the upload and the revision that were never committed
    expect(await within(10_000, clean), JSON.stringify(await leftovers())).toBeDefined();
  });

  it('mails every party once within a minute when killed after the completing commit and after SMTP accepted a mail', async () => {
    const completing = await second.sign(requestId);
    expect(completing.status).toBe(200);
    expect(
      ((await completing.json()) as { results: { request_status: string }[] }).results[0]?.request_status,
    ).toBe('completed');
    // the answer came; the completion mail is being composed when the process dies
    await server!.reached('completion.before_mail');
    await server!.kill();

    const accepting = await start('mail.accepted');
    const completionMails = () => sink.mails.filter((m) => m.subject === COMPLETED_SUBJECT);
    await accepting.reached('mail.accepted', 60_000);
    await accepting.kill();
    const acceptedBeforeKill = sink.mails.length;

    const restarted = await start();
    const everyone = await within(60_000, async () =>
      completionMails().length >= 3 ? completionMails() : undefined,
    );
    expect(everyone, `completion mails: ${completionMails().length}`).toBeDefined();
    expect(
      completionMails()
        .map((m) => m.to.join())
        .sort(),
    ).toEqual(['first@example.org', 'owner@example.org', 'second@example.org']);
    console.log(
      `${kind}: every completion mail ${Math.max(...everyone!.map((m) => m.at)) - restarted.readyAt} ms ` +
        `after the last restart (${acceptedBeforeKill} mails accepted before it)`,
    );
    // the outbox empties, and no mail came twice
    const outboxEmpty = await within(30_000, async () => {
      const { count } = await db.kysely
        .selectFrom('mail_outbox')
        .select(sql<number>`count(*)`.as('count'))
        .executeTakeFirstOrThrow();
      return Number(count) === 0 ? true : undefined;
    });
    expect(outboxEmpty).toBe(true);
    const ids = sink.mails.map((m) => m.messageId);
    expect(ids.every((id) => id !== '')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps every reported signature in the PDF and no other, every revision sound, nothing orphaned', async () => {
    const done = await request();
    expect(done.status).toBe('completed');
    expect(done.signatures.map((s) => s.status)).toEqual(['signed', 'signed']);
    const res = await fetch(`${owner.baseUrl}/v3/documents/${done.documents[0]!.id}/download?signed=true`, {
      headers: { authorization: `Bearer ${owner.sessionToken}` },
    });
    const pdf = Buffer.from(await res.arrayBuffer());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'killed-pdf-'));
    try {
      // the signers' signatures (the document timestamp aside): each intact, one per signed signer
      const bySigners = signerSignatures(pdf);
      expect(bySigners.every((sig) => sig.valid)).toBe(true);
      expect(bySigners.map((sig) => sig.commonName).sort()).toEqual(
        done.signatures.map((sig) => sig.email).sort(),
      );
      const each = revisions(pdf);
      // the upload, the fields, two signatures, validation data and the document timestamp
      expect(each.length).toBeGreaterThanOrEqual(4);
      each.forEach((bytes, n) => {
        const revision = path.join(dir, `revision-${n}.pdf`);
        fs.writeFileSync(revision, bytes);
        execFileSync('qpdf', ['--check', revision], { stdio: 'pipe' });
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // Blobs that only delivered mails named (the attachments) wait for the hourly sweep, as they
    // do without a crash; nothing else is left
    const mailed = new Set(sink.mails.flatMap((m) => m.partHashes));
    const found = await leftovers();
    expect(found.partial).toEqual([]);
    expect(found.orphans.filter((sha) => !mailed.has(sha))).toEqual([]);
  });
});
