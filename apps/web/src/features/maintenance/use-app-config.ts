// The server's configuration as a query: loaded once, and polled every 60 s while someone is
// logged in (spec 9: maintenance status polled every 60 s when logged in).
import { MAINTENANCE_POLL_MS } from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services.js';
import { useSession } from '../session/session-provider.js';
import { fallbackAppConfig, fetchAppConfig } from './app-config.js';
import type { AppConfig } from './app-config.js';

export function useAppConfig(): { config: AppConfig; isLoading: boolean } {
  const { fetch, statusPage } = useServices();
  const { user } = useSession();
  const query = useQuery({
    queryKey: ['app-config'],
    queryFn: () => fetchAppConfig(fetch, statusPage),
    refetchInterval: user ? MAINTENANCE_POLL_MS : false,
    staleTime: MAINTENANCE_POLL_MS,
  });
  return { config: query.data ?? fallbackAppConfig, isLoading: query.isPending };
}
