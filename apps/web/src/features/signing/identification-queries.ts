// What a link holder's signature still needs, and the request it belongs to, as query options
// (one factory per read, as bulletproof-react's `get-discussions.ts`): the identification screens
// share one cache entry per signer, which a screen polls or invalidates by the same key.
import { directEndpoints, identificationEndpoints } from '@countersign/contract';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.js';
import type { DirectSession } from './direct-session.js';

export function identMethodQuery(api: ApiClient, session: DirectSession) {
  return queryOptions({
    queryKey: ['ident-method', session.requestId, session.signerId],
    queryFn: ({ signal }) =>
      api.call(identificationEndpoints.getIdentMethod, {
        params: { id: session.requestId, sigId: session.signerId },
        query: { token: session.token },
        signal,
      }),
  });
}

export function directRequestQuery(api: ApiClient, session: DirectSession) {
  return queryOptions({
    queryKey: ['direct-request', session.requestId],
    queryFn: ({ signal }) =>
      api.call(directEndpoints.directGetSignatureRequest, {
        params: { id: session.requestId },
        query: { token: session.token },
        signal,
      }),
  });
}
