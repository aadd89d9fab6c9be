// A local server of the S3 protocol (s3rver, files in a temporary folder) for tests of the S3
// blob store, alone and under the whole app (ADR 071). Each bucket a test asks for is new.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** the only key pair s3rver accepts */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  /** a client with the server's credentials */
  client: S3Client;
  /** A new, empty bucket; its name. */
  createBucket(): Promise<string>;
  /** The settings that point the app at `bucket`. */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts the server. The app finds credentials through the SDK's chain, so the standard
 * variables are set for this test process until `close`.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const saved = { id: process.env['AWS_ACCESS_KEY_ID'], secret: process.env['AWS_SECRET_ACCESS_KEY'] };
  process.env['AWS_ACCESS_KEY_ID'] = CREDENTIALS.accessKeyId;
  process.env['AWS_SECRET_ACCESS_KEY'] = CREDENTIALS.secretAccessKey;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  return {
    endpoint,
    client,
    async createBucket() {
      const bucket = `cs-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    env: (bucket) => ({
      BLOB_STORE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
      for (const [name, value] of [
        ['AWS_ACCESS_KEY_ID', saved.id],
        ['AWS_SECRET_ACCESS_KEY', saved.secret],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    },
  };
}
