// The files of a signature request's uploads (documents and attachments), as they arrive: each
// file part of a multipart body is received to disk by the blob store (storage/received-blobs.ts)
// and never held whole by the serving thread; the temporary files are removed once the call is
// answered, whatever happened.
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { readMultipart } from '../../http/multipart.js';
import { AppError } from '../../lib/app-error.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { UploadedFile } from './documents.js';

/**
 * Receives one file part into `into`. Past the configured size @fastify/multipart cuts the file
 * short, which is a 413 upload.too_large.
 */
export async function receiveUpload(
  blobs: Pick<BlobStore, 'receive'>,
  part: MultipartFile,
  into: UploadedFile[],
): Promise<void> {
  const received = await blobs.receive(part.file);
  into.push({ fileName: part.filename || 'document.pdf', received });
  if (part.file.truncated) throw new AppError('upload.too_large', 'The file is larger than an upload may be');
}

/** Receives every file of a multipart body into `into`; a broken body is a 400 (http/multipart.ts). */
export function receiveFiles(
  blobs: Pick<BlobStore, 'receive'>,
  request: FastifyRequest,
  into: UploadedFile[],
): Promise<void> {
  return readMultipart(async () => {
    for await (const part of request.files()) await receiveUpload(blobs, part, into);
  });
}

/** Runs `work`, then removes the temporary files of what was received into `uploads`. */
export async function releasingUploads<T>(
  blobs: Pick<BlobStore, 'release'>,
  uploads: UploadedFile[][],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } finally {
    await Promise.all(uploads.flat().map((upload) => blobs.release(upload.received)));
  }
}
