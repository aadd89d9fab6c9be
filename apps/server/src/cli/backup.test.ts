// `countersign backup` and `countersign restore` (ADR 081) on SQLite and PostgreSQL, with blobs in
// a local folder and in an S3 bucket (a local s3rver): an installation with a signed document is
// backed up while its app is open, its blobs are wiped, it is restored into an empty installation,
// and the restored server serves every signed PDF intact (pdfsig) to its owner, who logs in with
// the same password, and the restored store holds the same objects as the original (each signed
// revision a tail of the one before, not a whole copy). A restore into an installation with data
// is refused, and so is a backup whose files do not match their manifest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { TEST_PASSWORD, signUp } from '../test-support/accounts.js';
import { signerSignatures } from '../test-support/pdfsig.js';
import { generatedPdf, multipart } from '../test-support/pdfs.js';
import { blobFiles, sendRequest, signAs } from '../test-support/requests.js';
import { startS3Server, type TestS3Server } from '../test-support/s3-server.js';
import {
  createPostgresDatabase,
  createTestApp,
  testDatabases,
  type TestApp,
} from '../test-support/test-app.js';
import { runCli } from './run-cli.js';

async function cli(env: Record<string, string>, ...argv: string[]) {
  const out = { stdout: '', stderr: '' };
  const status = await runCli(argv, {
    env,
    stdout: (text) => (out.stdout += text),
    stderr: (text) => (out.stderr += text),
  });
  return { status, ...out };
}

let s3: TestS3Server | undefined;
afterAll(() => s3?.close());

/** Deletes every object of `bucket`: the blobs of an installation lost. */
async function wipeBucket(server: TestS3Server, bucket: string): Promise<void> {
  const page = await server.client.send(new ListObjectsV2Command({ Bucket: bucket }));
  const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key! }));
  if (keys.length > 0)
    await server.client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
}

const cases = testDatabases().flatMap((kind) =>
  (['directory', 's3'] as const).map((store) => [kind, store] as const),
);

describe.each(cases)('backup and restore on %s, blobs in %s', (kind, store) => {
  let t: TestApp;
  /** the bucket's settings, with BLOB_STORE=s3 */
  let bucketEnv: Record<string, string> = {};
  const folders: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  const folder = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `countersign-${name}-`));
    folders.push(dir);
    return dir;
  };
  /** An empty installation: a data folder and, on PostgreSQL, an empty database. */
  const emptyInstallation = async (): Promise<Record<string, string>> => {
    // with S3 the installation is the bucket wiped and a new data folder and database
    if (store === 's3') await wipeBucket(s3!, bucketEnv['S3_BUCKET']!);
    const env: Record<string, string> = { DATA_DIR: folder('restored'), ...bucketEnv };
    if (kind === 'postgres') {
      const created = await createPostgresDatabase();
      drops.push(created.drop);
      env['DATABASE_URL'] = created.url;
    }
    return env;
  };
  /** The blob objects of an installation (whole and tail), with their sizes, in name order. */
  const storedObjects = async (dataDir: string): Promise<{ name: string; size: number }[]> => {
    const found =
      store === 's3'
        ? (
            (await s3!.client.send(new ListObjectsV2Command({ Bucket: bucketEnv['S3_BUCKET']! }))).Contents ??
            []
          ).map((object) => ({ name: path.basename(object.Key!), size: object.Size! }))
        : blobFiles(dataDir);
    return found
      .filter((object) => /^[0-9a-f]{64}(\.tail)?$/.test(object.name))
      .sort((a, b) => a.name.localeCompare(b.name));
  };
  const requestIds: string[] = [];
  let backupDir = '';

  beforeAll(async () => {
    if (store === 's3') {
      s3 ??= await startS3Server();
      bucketEnv = s3.env(await s3.createBucket());
    }
    t = await createTestApp(kind, { env: bucketEnv });
    const owner = await signUp(t.app, 'owner@example.org');
    const signer = await signUp(t.app, 'signer@example.org');
    for (const title of ['First contract', 'Second contract']) {
      const sent = await sendRequest(
        t.app,
        owner,
        await generatedPdf(2, title),
        ['signer@example.org'],
        title,
      );
      await signAs(t.app, signer, sent.id);
      requestIds.push(sent.id);
    }
    backupDir = path.join(folder('backup'), 'backup');
  });
  afterAll(async () => {
    await t?.close();
    for (const drop of drops) await drop();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores into an empty installation whose server serves every signed PDF intact', async () => {
    const source = {
      DATA_DIR: t.config.dataDir,
      ...(t.config.databaseUrl && { DATABASE_URL: t.config.databaseUrl }),
      ...bucketEnv,
    };
    const backedUp = await cli(source, 'backup', backupDir);
    expect(backedUp, backedUp.stderr).toMatchObject({ status: 0 });
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as {
      blobs: { sha256: string }[];
    };
    expect(manifest.blobs.length).toBeGreaterThanOrEqual(4);
    const original = await storedObjects(t.config.dataDir);
    expect(original.filter((object) => object.name.endsWith('.tail')).length).toBeGreaterThanOrEqual(2);

    const target = await emptyInstallation();
    const restored = await cli(target, 'restore', backupDir);
    expect(restored, restored.stderr).toMatchObject({ status: 0 });
    // once restored, the installation is no longer empty
    const again = await cli(target, 'restore', backupDir);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^error cli\.not_empty:/);
    // with S3 the blobs went back into the bucket, none onto the local disk
    if (store === 's3') expect(blobFiles(target['DATA_DIR']!)).toEqual([]);
    // the same objects of the same sizes: signed revisions stored as tails again, not whole
    expect(await storedObjects(target['DATA_DIR']!)).toEqual(original);

    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://countersign.test',
      WEB_DIST_DIR: path.join(target['DATA_DIR']!, 'no-web'),
      LOG_LEVEL: 'silent',
      ...target,
    });
    const app = await buildApp(config);
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/v1/login',
        payload: { email: 'owner@example.org', password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${login.json().token as string}` };
      for (const id of requestIds) {
        const detail = await app.inject({
          method: 'GET',
          url: `/v3/signature-requests/${id}`,
          headers: auth,
        });
        expect(detail.json().status).toBe('completed');
        for (const document of detail.json().documents as { id: string }[]) {
          const res = await app.inject({
            method: 'GET',
            url: `/v3/documents/${document.id}/download?signed=true`,
            headers: auth,
          });
          expect(res.statusCode).toBe(200);
          const signatures = signerSignatures(res.rawPayload);
          expect(signatures).toEqual([{ commonName: 'signer@example.org', valid: true }]);
          // and the restored installation's own validator trusts it: its root came back too
          const verified = await app.inject({
            method: 'POST',
            url: '/v1/verify',
            ...multipart({}, [{ field: 'file', name: 'signed.pdf', bytes: res.rawPayload }]),
          });
          expect(verified.json()).toMatchObject({ indication: 'TOTAL_PASSED' });
        }
      }
    } finally {
      await app.close();
    }
  });

  it('refuses a backup folder that is not empty, and a backup whose blob was altered', async () => {
    const source = {
      DATA_DIR: t.config.dataDir,
      ...(t.config.databaseUrl && { DATABASE_URL: t.config.databaseUrl }),
      ...bucketEnv,
    };
    const refused = await cli(source, 'backup', backupDir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^error cli\.bad_option: .* is not empty/);

    const damaged = path.join(folder('damaged'), 'backup');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(damaged, 'manifest.json'), 'utf8')) as {
      blobs: { sha256: string }[];
    };
    const sha = manifest.blobs[0]!.sha256;
    fs.appendFileSync(path.join(damaged, 'blobs', sha.slice(0, 2), sha), 'tampered');
    const target = await emptyInstallation();
    const restored = await cli(target, 'restore', damaged);
    expect(restored.status).toBe(1);
    expect(restored.stderr).toMatch(/^error cli\.backup_damaged:/);
    // nothing was written
    expect(fs.readdirSync(target['DATA_DIR']!)).toEqual([]);
    if (store === 's3') {
      const page = await s3!.client.send(new ListObjectsV2Command({ Bucket: target['S3_BUCKET']! }));
      expect(page.Contents ?? []).toEqual([]);
    }
  });
});
