// Crash recovery measured (ADR 046): the served server (bin/serve.mjs as a child, signing, PDF and
// background threads, mail in the background to a real SMTP server) is killed with SIGKILL in the
// middle of 20 parallel signatures (ten requests, two signers each, so pairs wait for the same
// document) and in the middle of ten uploads of 5-20 MB, then started again on the same data. No
// failpoint: the kill lands wherever the work is. Runs on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL names a cluster (bench/crash-recovery.sh starts one). Prints, per database and
// kill: how long the restart took, the time from the restarted server answering to the next
// signature, the longest signing call after it (its wait inside the server) and how many were
// refused as locked, when the completion mails were all out, mails sent twice, orphan and
// partial files after recovery, requests without documents, uploads not byte-exact, signatures
// reported and in the PDF that disagree.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { openDatabase, type Db } from '../apps/server/src/db/database.js';
import { findLeftovers, requestsWithoutDocuments } from '../apps/server/src/test-support/leftovers.js';
import { signerSignatures } from '../apps/server/src/test-support/pdfsig.js';
import {
  ServedClient,
  startServedServer,
  type ServedServer,
} from '../apps/server/src/test-support/served-server.js';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test-support/smtp-sink.js';
import { createPostgresDatabase, freePort } from '../apps/server/src/test-support/test-app.js';

const REQUESTS = 10;
const UPLOADS = 10;
const COMPLETED = 'Signed by everyone: ';

async function pdfOf(text: string, fillerBytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 72, y: 760, size: 18, font });
  // incompressible, as a scan is
  if (fillerBytes > 0)
    await doc.attach(randomBytes(fillerBytes), 'scan.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save());
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(ms: number, probe: () => Promise<T | undefined>): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined || Date.now() > deadline) return found;
    await sleep(100);
  }
}

interface Run {
  database: string;
  kill: string;
  restartMs: number;
  nextSignatureMs: number;
  longestSignMs: number;
  locked: number;
  /** signing calls after the restart refused otherwise */
  failed: number;
  completionMailsMs: number | undefined;
  twice: number;
  orphans: number;
  partial: number;
  emptyDrafts: number;
  notByteExact: number;
  disagreeing: number;
}

interface RequestState {
  status: string;
  signatures: { status: string; email: string }[];
  documents: { id: string; original_sha256?: string; sha256?: string }[];
}

async function measure(database: 'SQLite' | 'PostgreSQL'): Promise<Run[]> {
  const sink: SmtpSink = await startSmtpSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-crash-bench-'));
  const port = await freePort();
  const pg = database === 'PostgreSQL' ? await createPostgresDatabase() : undefined;
  const db: Db = openDatabase({ databaseUrl: pg?.url, sqliteFile: path.join(dataDir, 'countersign.db') });
  let server: ServedServer | undefined;
  const start = async () =>
    (server = await startServedServer(
      { SMTP_URL: sink.url, BACKGROUND_JOBS: 'true', ...(pg && { DATABASE_URL: pg.url }) },
      { dataDir, port },
    ));
  try {
    const served = await start();
    const texts = async (email: string) => sink.textsTo(email);
    const owner = new ServedClient(served.baseUrl, '', texts);
    const ann = new ServedClient(served.baseUrl, '', texts);
    const ben = new ServedClient(served.baseUrl, '', texts);
    for (const [who, email] of [
      [owner, 'owner@example.org'],
      [ann, 'ann@example.org'],
      [ben, 'ben@example.org'],
    ] as const)
      await who.signUp(email);
    const get = async (id: string) =>
      (await (
        await fetch(`${owner.baseUrl}/v3/signature-requests/${id}`, {
          headers: { authorization: `Bearer ${owner.sessionToken}` },
        })
      ).json()) as RequestState;
    const openRequest = async (title: string, signers: string[]) => {
      const created = await owner.upload(await pdfOf(title, 200_000), signers, 'contract.pdf', title);
      const { id } = (await created.json()) as { id: string };
      if ((await owner.initiate(id)).status !== 200) throw new Error(`initiate ${title}`);
      return id;
    };
    const signers: Record<string, ServedClient> = { 'ann@example.org': ann, 'ben@example.org': ben };

    /** After a restart: signs what is pending, all at once; the figures of those calls. */
    async function signPending(ids: string[], readyAt: number) {
      const calls: { ms: number; status: number; at: number }[] = [];
      const pending = (await Promise.all(ids.map(async (id) => ({ id, state: await get(id) })))).flatMap(
        ({ id, state }) =>
          state.signatures.filter((s) => s.status === 'pending').map((s) => ({ id, who: signers[s.email]! })),
      );
      await Promise.all(
        pending.map(async ({ id, who }) => {
          const began = Date.now();
          const res = await who.sign(id);
          await res.arrayBuffer();
          calls.push({ ms: Date.now() - began, status: res.status, at: Date.now() });
        }),
      );
      const firstSigned = Math.min(...calls.filter((c) => c.status === 200).map((c) => c.at));
      return {
        nextSignatureMs: firstSigned - readyAt,
        longestSignMs: Math.max(0, ...calls.map((c) => c.ms)),
        locked: calls.filter((c) => c.status === 409).length,
        failed: calls.filter((c) => c.status !== 200 && c.status !== 409).length,
      };
    }

    /** Checks once recovery ran: files, empty drafts, mails twice, PDFs against the API. */
    async function afterRecovery(ids: string[]) {
      const mailed = () => new Set(sink.mails.flatMap((m) => m.partHashes));
      const tidy = await until(15_000, async () => {
        const found = await findLeftovers(db.kysely, dataDir);
        const orphans = found.orphans.filter((sha) => !mailed().has(sha));
        return orphans.length === 0 && found.partial.length === 0 ? found : undefined;
      });
      const found = tidy ?? (await findLeftovers(db.kysely, dataDir));
      const emptyDrafts = await requestsWithoutDocuments(db.kysely);
      const messageIds = sink.mails.map((m) => m.messageId);
      let disagreeing = 0;
      for (const id of ids) {
        const state = await get(id);
        const pdf = Buffer.from(
          await (
            await fetch(`${owner.baseUrl}/v3/documents/${state.documents[0]!.id}/download?signed=true`, {
              headers: { authorization: `Bearer ${owner.sessionToken}` },
            })
          ).arrayBuffer(),
        );
        const inPdf = signerSignatures(pdf)
          .filter((sig) => sig.valid)
          .map((sig) => sig.commonName)
          .sort();
        const reported = state.signatures
          .filter((s) => s.status === 'signed')
          .map((s) => s.email)
          .sort();
        if (JSON.stringify(inPdf) !== JSON.stringify(reported)) disagreeing++;
      }
      return {
        orphans: found.orphans.filter((sha) => !mailed().has(sha)).length,
        partial: found.partial.length,
        emptyDrafts: emptyDrafts.length,
        twice: messageIds.length - new Set(messageIds).size,
        disagreeing,
      };
    }

    // the yardstick: a fresh process's first signature (its signing thread still warming up),
    // and the next one, both alone on the server
    const baseline: number[] = [];
    for (const title of ['Cold', 'Warm']) {
      const id = await openRequest(title, ['ann@example.org']);
      const began = Date.now();
      const res = await ann.sign(id);
      if (res.status !== 200) throw new Error(`baseline: ${res.status} ${await res.text()}`);
      baseline.push(Date.now() - began);
    }
    console.log(
      `${database}: a lone signing call takes ${baseline[0]} ms in a fresh process, ${baseline[1]} ms next`,
    );
    const runs: Run[] = [];

    // 1. killed in the middle of 20 parallel signatures
    const ids: string[] = [];
    for (let n = 0; n < REQUESTS; n++)
      ids.push(await openRequest(`Parallel ${n + 1}`, ['ann@example.org', 'ben@example.org']));
    let answered = 0;
    const halfway = new Promise<void>((resolve) => {
      for (const id of ids)
        for (const who of [ann, ben])
          void who
            .sign(id)
            .then(async (res) => {
              await res.arrayBuffer();
              if (++answered === 5) resolve();
            })
            .catch(() => undefined);
    });
    await halfway;
    await server!.kill();
    let restarted = await start();
    const signing = await signPending(ids, restarted.readyAt);
    const completionMails = () => sink.mails.filter((m) => m.subject.startsWith(`${COMPLETED}Parallel `));
    // the owner and both signers of each request
    const mailsOut = await until(120_000, async () =>
      completionMails().length >= REQUESTS * 3 ? Math.max(...completionMails().map((m) => m.at)) : undefined,
    );
    const afterSigning = await afterRecovery(ids);
    runs.push({
      database,
      kill: `20 parallel signatures (${answered} answered before the kill)`,
      restartMs: restarted.readyAt - restarted.startedAt,
      ...signing,
      completionMailsMs: mailsOut === undefined ? undefined : mailsOut - restarted.readyAt,
      ...afterSigning,
      notByteExact: 0,
    });

    // 2. killed in the middle of ten 5-20 MB uploads
    const waiting = await openRequest('Waiting', ['ann@example.org']);
    const files = await Promise.all(
      Array.from({ length: UPLOADS }, (_, n) =>
        pdfOf(`Upload ${n + 1}`, Math.round((5 + (15 * n) / (UPLOADS - 1)) * 1024 * 1024)),
      ),
    );
    const uploaded: { id: string; bytes: Buffer }[] = [];
    const firstDone = new Promise<void>((resolve) => {
      files.forEach(
        (bytes, n) =>
          void owner
            .upload(bytes, ['ann@example.org'], `upload-${n + 1}.pdf`, `Upload ${n + 1}`)
            .then(async (res) => {
              if (res.status === 201) uploaded.push({ id: ((await res.json()) as { id: string }).id, bytes });
              resolve();
            })
            .catch(() => undefined),
      );
    });
    await firstDone;
    const answeredUploads = uploaded.length;
    await server!.kill();
    restarted = await start();
    const next = await signPending([waiting], restarted.readyAt);
    const afterUploads = await afterRecovery([waiting]);
    let notByteExact = 0;
    for (const { id, bytes } of uploaded) {
      const state = await get(id);
      const original = await fetch(`${owner.baseUrl}/v3/documents/${state.documents[0]!.id}/download`, {
        headers: { authorization: `Bearer ${owner.sessionToken}` },
      });
      if (sha256(Buffer.from(await original.arrayBuffer())) !== sha256(bytes)) notByteExact++;
    }
    runs.push({
      database,
      kill: `ten 5-20 MB uploads (${answeredUploads} answered before the kill)`,
      restartMs: restarted.readyAt - restarted.startedAt,
      ...next,
      completionMailsMs: undefined,
      ...afterUploads,
      notByteExact,
    });
    return runs;
  } finally {
    await server?.close();
    await db.close();
    await sink.close();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs = [
  ...(await measure('SQLite')),
  ...(process.env['TEST_DATABASE_URL'] ? await measure('PostgreSQL') : []),
];
console.log(`\nCrash recovery, ${os.cpus().length} cores, ${new Date().toISOString()}\n`);
console.log(
  '| database | killed during | restart (spawn to answering) | answering to next signature | longest signing call after | 409 locked | other refusals | all completion mails after answering | mails sent twice | orphan files | partial files | requests without documents | uploads not byte-exact | PDF and API disagree |',
);
console.log(
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
);
for (const r of runs)
  console.log(
    `| ${r.database} | ${r.kill} | ${r.restartMs} ms | ${r.nextSignatureMs} ms | ${r.longestSignMs} ms | ${r.locked} | ${r.failed} | ${
      r.completionMailsMs === undefined ? '-' : `${r.completionMailsMs} ms`
    } | ${r.twice} | ${r.orphans} | ${r.partial} | ${r.emptyDrafts} | ${r.notByteExact} | ${r.disagreeing} |`,
  );
