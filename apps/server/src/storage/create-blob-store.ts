// Builds the blob store the configuration names (BLOB_STORE, ADR 071), for the serving thread
// and for each signing thread, and checks at start that an S3 bucket answers.
import fs from 'node:fs';
import path from 'node:path';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { ConfigError, type BlobStoreConfig, type Config } from '../config.js';
import { createDirectoryBlobStore, type BlobStore } from './blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

type S3Config = Extract<BlobStoreConfig, { kind: 's3' }>;

/** A client for the configured bucket; credentials come from the SDK's own chain. */
export function createS3Client(s3: S3Config): S3Client {
  return new S3Client({
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.endpoint && { endpoint: s3.endpoint }),
  });
}

/** `writer`: the process incarnation writing (ADR 046). */
export function createBlobStore(
  config: Pick<Config, 'dataDir' | 'blobStore'>,
  options: { writer?: string } = {},
): BlobStore {
  // the directory holds the blobs, or, beside a bucket, what is not stored yet
  const root = path.join(config.dataDir, 'blobs');
  if (config.blobStore.kind === 'directory') return createDirectoryBlobStore(root, options);
  const { bucket } = config.blobStore;
  return createS3BlobStore({ client: createS3Client(config.blobStore), bucket, scratch: root, ...options });
}

/** Asks whether the configured blob store answers now (readiness); `close` frees its client. */
export interface BlobStoreProbe {
  check(): Promise<void>;
  close(): void;
}

/**
 * The directory store answers when a file can be written in its folder (a read-only or full disk
 * cannot); a bucket when it answers HEAD with the credentials the server has. One client serves
 * every check.
 */
export function createBlobStoreProbe(config: Pick<Config, 'dataDir' | 'blobStore'>): BlobStoreProbe {
  if (config.blobStore.kind !== 's3') {
    const root = path.join(config.dataDir, 'blobs');
    return {
      check: async () => {
        await fs.promises.mkdir(root, { recursive: true });
        const probe = path.join(root, `.ready-${process.pid}`);
        await fs.promises.writeFile(probe, 'ready');
        await fs.promises.rm(probe);
      },
      close: () => undefined,
    };
  }
  const { bucket } = config.blobStore;
  const client = createS3Client(config.blobStore);
  return {
    check: async () => {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    close: () => client.destroy(),
  };
}

/**
 * Refuses to start on a bucket that cannot be reached (wrong name, region or endpoint, no
 * credentials, no permission): better than failing on the first upload.
 */
export async function checkBlobStore(config: Pick<Config, 'blobStore'>): Promise<void> {
  if (config.blobStore.kind !== 's3') return;
  const { bucket } = config.blobStore;
  const client = createS3Client(config.blobStore);
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason =
      status === 404
        ? 'no such bucket'
        : status === 403
          ? 'access denied to these credentials'
          : `${(err as Error).name}: ${(err as Error).message}`;
    throw new ConfigError(`S3_BUCKET=${bucket} cannot be used (${reason})`);
  } finally {
    client.destroy();
  }
}
