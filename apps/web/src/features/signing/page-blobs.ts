// Page images fetched once and shared: the page on screen, the blurred placeholder before it and
// the pages fetched ahead (the next pages while scrolling, the next field's page in the phone's
// field-by-field view) all come through here, so a page fetched ahead is not fetched again when
// it comes into view. The images are immutable (the server's ETag names revision, page, size and
// format), so an address always means the same bytes. A bounded number is kept, the oldest
// dropped first; a failed fetch is forgotten so the next look tries again.
import { fetchWithRetry } from './fetch-with-retry.js';

const KEPT = 48;
const blobs = new Map<string, Promise<Blob>>();

export function loadPageBlob(
  doFetch: typeof fetch,
  request: { url: string; init: RequestInit },
): Promise<Blob> {
  const known = blobs.get(request.url);
  if (known) {
    // most recently used last, so the oldest is dropped first
    blobs.delete(request.url);
    blobs.set(request.url, known);
    return known;
  }
  // no abort signal: whoever asks next (the page scrolled back into view) takes the same fetch
  const loading = fetchWithRetry(doFetch, request.url, request.init).then((response) => response.blob());
  blobs.set(request.url, loading);
  loading.catch(() => {
    if (blobs.get(request.url) === loading) blobs.delete(request.url);
  });
  while (blobs.size > KEPT) blobs.delete(blobs.keys().next().value!);
  return loading;
}

/** Forgets every page image (tests, and a new request's pages need none of the old). */
export function forgetPageBlobs(): void {
  blobs.clear();
}
