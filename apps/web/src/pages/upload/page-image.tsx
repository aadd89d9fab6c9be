// One page of a document as the server renders it (GET /v3/documents/{id}/pages/{n}?scale=).
// The call needs the session's Bearer token, which an <img src> cannot carry, so the image is
// fetched and shown from an object URL (through the API client, so a 401 still ends the
// session). Spec 8 and 9: failed page loads are retried up to 10 times, waiting 100 ms and
// doubling up to 5 s; a 4xx other than 408 and 429 is not retried.
import { DEFAULT_PAGE_SCALE } from '@countersign/domain';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.js';
import { pageQueryRetry } from '../../features/signing/fetch-with-retry.js';

/** Where a page's image is: a request's document by default; a template's are under the template. */
export type PageImagePath = (documentId: string, page: number, scale: number) => string;

const requestPagePath: PageImagePath = (documentId, page, scale) =>
  `/v3/documents/${encodeURIComponent(documentId)}/pages/${page}?scale=${scale}`;

export function usePageImageUrl(
  documentId: string,
  page: number,
  scale = DEFAULT_PAGE_SCALE,
  pathOf: PageImagePath = requestPagePath,
) {
  const { api } = useServices();
  const path = pathOf(documentId, page, scale);
  const query = {
    queryKey: ['page-image', documentId, page, scale, path],
    queryFn: ({ signal }: { signal: AbortSignal }) => api.fetchBlob(path, signal),
    ...pageQueryRetry,
    staleTime: Infinity,
  };
  // asked for while the page renders, not after the editor's first paint
  usePrefetchQuery(query);
  const image = useQuery(query);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return undefined;
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  return { url, isError: image.isError };
}
