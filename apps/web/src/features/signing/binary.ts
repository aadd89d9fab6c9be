// Downloads of documents, zips and the protocol: binary answers outside the JSON contract. An
// account holder's download needs the Bearer header, which a plain link cannot send, so the file
// is fetched and handed to the browser as an object URL with the server's file name.
import { fileNameOf } from '../../api/client.js';
import { BinaryFetchError, fetchWithRetry } from './fetch-with-retry.js';

export async function downloadFile(
  doFetch: typeof fetch,
  request: { url: string; init: RequestInit },
  fallbackName: string,
): Promise<void> {
  const response = await fetchWithRetry(doFetch, request.url, request.init, { retries: 2 });
  // the server names a signed copy apart from the original (`<name>-signed.pdf`); its name wins
  saveBlob(await response.blob(), fileNameOf(response) ?? fallbackName);
}

/** Hands bytes already fetched to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof BinaryFetchError && error.status === 404;
}
