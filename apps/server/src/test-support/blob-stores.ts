// Both blob stores under one harness, so that one suite of tests runs against each (ADR 071):
// the directory store in a temporary folder, the S3 store on a new bucket of a local s3rver.
// Tests look at what is stored through the harness: object names (`<sha>`, `<sha>.tail`,
// set-aside `.removing` names), their bytes, and their total size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { createDirectoryBlobStore, type BlobStore } from '../storage/blob-store.js';
import { BLOB_PREFIX, createS3BlobStore } from '../storage/s3-blob-store.js';
import { startS3Server, type TestS3Server } from './s3-server.js';

export type BlobStoreKind = 'directory' | 's3';
export const BLOB_STORE_KINDS: BlobStoreKind[] = ['directory', 's3'];

export interface StoreUnderTest {
  store: BlobStore;
  /** another store on the same blobs, of a process incarnation `writer` */
  storeOf(writer: string): BlobStore;
  /** the local folder of uploads being received */
  scratch: string;
  /** the names of the stored objects, blobs and what removals set aside */
  objects(): Promise<string[]>;
  storedBytes(): Promise<number>;
  readObject(name: string): Promise<Buffer>;
  writeObject(name: string, bytes: Uint8Array): Promise<void>;
  /** Sets a blob's object aside as a removal does at `at` (ms since 1970) before its process died. */
  setAside(name: string, at: number): Promise<void>;
  close(): Promise<void>;
}

const shardOf = (name: string) => name.slice(0, 2);

function directoryUnderTest(): StoreUnderTest {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-blobs-'));
  const fileOf = (name: string) => path.join(root, shardOf(name), name);
  const files = () =>
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && path.basename(entry.parentPath) !== 'incoming');
  return {
    store: createDirectoryBlobStore(root),
    storeOf: (writer) => createDirectoryBlobStore(root, { writer }),
    scratch: root,
    objects: async () => files().map((entry) => entry.name),
    storedBytes: async () =>
      files().reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0),
    readObject: async (name) => fs.readFileSync(fileOf(name)),
    writeObject: async (name, bytes) => fs.writeFileSync(fileOf(name), bytes),
    setAside: async (name, at) => fs.renameSync(fileOf(name), `${fileOf(name)}.${at}-0123456789ab.removing`),
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

async function s3UnderTest(server: TestS3Server): Promise<StoreUnderTest> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-blobs-'));
  const bucket = await server.createBucket();
  const { client } = server;
  const keyOf = (name: string) => `${BLOB_PREFIX}${shardOf(name)}/${name}`;
  const storeOf = (writer?: string) =>
    createS3BlobStore({ client, bucket, scratch, ...(writer && { writer }) });
  const listed = async () => {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: BLOB_PREFIX }));
    return page.Contents ?? [];
  };
  return {
    store: storeOf(),
    storeOf,
    scratch,
    objects: async () => (await listed()).map((object) => path.basename(object.Key!)),
    storedBytes: async () => (await listed()).reduce((sum, object) => sum + object.Size!, 0),
    readObject: async (name) => {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    writeObject: async (name, bytes) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(name), Body: bytes }));
    },
    setAside: async (name, at) => {
      const aside = `${keyOf(name)}.${at}-0123456789ab.removing`;
      await client.send(
        new CopyObjectCommand({ Bucket: bucket, Key: aside, CopySource: `${bucket}/${keyOf(name)}` }),
      );
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
    },
    close: async () => fs.rmSync(scratch, { recursive: true, force: true }),
  };
}

/** Makes stores of `kind` for one test file; the S3 server starts with the first and stops in `stop`. */
export function blobStoresOf(kind: BlobStoreKind): {
  setUp(): Promise<StoreUnderTest>;
  stop(): Promise<void>;
} {
  let server: Promise<TestS3Server> | undefined;
  return {
    setUp: async () =>
      kind === 'directory' ? directoryUnderTest() : s3UnderTest(await (server ??= startS3Server())),
    stop: async () => {
      await (await server)?.close();
    },
  };
}
