// The signature requests and templates as lists, as query options (one factory per read, as
// bulletproof-react's `get-discussions.ts`). Screens that change requests (send, delete, duplicate,
// a template used) invalidate `requestListKey`, which covers every dashboard list page.
import { signatureRequestEndpoints, templateEndpoints } from '@countersign/contract';
import type { DashboardListQuery } from '@countersign/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.js';

export const requestListKey = ['signature-requests', 'list'] as const;
export const templatesKey = ['templates'] as const;

/** One dashboard list page; the page before stays shown while the next one loads. */
export function requestListQuery(api: ApiClient, query: DashboardListQuery) {
  return queryOptions({
    queryKey: [...requestListKey, query],
    queryFn: ({ signal }) => api.call(signatureRequestEndpoints.listSignatureRequests, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function templatesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: templatesKey,
    queryFn: ({ signal }) => api.call(templateEndpoints.listTemplates, { signal }),
  });
}
