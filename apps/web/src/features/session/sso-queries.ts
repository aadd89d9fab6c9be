// The single sign-on providers of this installation as query options, read by the login page and
// the identity step of a new account from one cache entry; they change only with a deployment.
import { ssoEndpoints } from '@countersign/contract';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.js';

export function installationProvidersQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['sso', 'installation-providers'],
    queryFn: ({ signal }) => api.call(ssoEndpoints.listSsoProviders, { signal }),
    staleTime: Infinity,
  });
}
