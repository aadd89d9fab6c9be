// The signed-in user as the whole app sees it: the token (which the API client may clear on a
// 401), the user loaded from GET /v1/user, and the role derived from both by the domain rules.
// The interface language follows the user's language once known.
import { accountEndpoints } from '@countersign/contract';
import type { EndpointResponse, User } from '@countersign/contract';
import { roleOf } from '@countersign/domain';
import type { Role } from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import type { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import type { AppServices } from '../../app/services.js';
import { htmlLangOf, resolveWebLocale, storedLocaleKey } from '../i18n/locale.js';

export const userQueryKey = ['session', 'user'] as const;

const userQueryOptions = (api: AppServices['api']) => ({
  queryKey: userQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(accountEndpoints.getUser, { query: { v2: 'true' }, signal }),
  staleTime: 5 * 60_000,
});

/**
 * Asks for the signed-in user at once, before the first render (which waits for the texts), so
 * the route's guard has its answer sooner; the provider's query then finds it.
 */
export function prefetchSessionUser({ api, session, queryClient }: AppServices): void {
  if (session.readToken() !== null) void queryClient.prefetchQuery(userQueryOptions(api));
}

export interface SessionState {
  user: User | null;
  role: Role;
  /** The token is there but the user is still loading. */
  isLoading: boolean;
  /** Loading the user failed for another reason than an ended session (network, server). */
  loadError: ApiError | null;
  retry(): void;
  signIn(login: EndpointResponse<typeof accountEndpoints.login>): void;
  updateUser(user: User): void;
  signOut(): void;
  /**
   * Ends the session and sends the person to `path` instead of the login page that an ended
   * session otherwise leads to (the farewell page after deleting the account).
   */
  leave(path: string): void;
  /** Where `leave` sends the person: the route rules redirect there rather than to /login. */
  farewellPath: string | null;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const { api, session, queryClient, i18n, storage } = useServices();
  const token = useSyncExternalStore(session.subscribe, session.readToken, session.readToken);
  const userQuery = useQuery<User, ApiError>({ ...userQueryOptions(api), enabled: token !== null });
  const user = token !== null ? (userQuery.data ?? null) : null;
  const [farewellPath, setFarewellPath] = useState<string | null>(null);

  useEffect(() => {
    if (token === null) queryClient.removeQueries({ queryKey: userQueryKey });
  }, [token, queryClient]);

  const userLanguage = user?.attributes.lang;
  useEffect(() => {
    const locale = resolveWebLocale({
      userLanguage,
      // an account's language decides alone: one the app does not offer falls back as for a
      // visitor without a choice, not to the locale an earlier page of this browser stored
      storedLocale: userLanguage ? null : storage.getItem(storedLocaleKey),
      browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
    });
    // the account's language is the person's choice: kept in this browser, so the login page
    // after logging out speaks it too rather than falling back to the browser's language
    if (userLanguage) storage.setItem(storedLocaleKey, locale);
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = htmlLangOf(locale);
  }, [userLanguage, i18n, storage]);

  const signIn = useCallback<SessionState['signIn']>(
    (login) => {
      queryClient.setQueryData(userQueryKey, login.user);
      setFarewellPath(null);
      session.saveToken(login.token, login.expiresAt);
    },
    [queryClient, session],
  );
  const updateUser = useCallback((next: User) => queryClient.setQueryData(userQueryKey, next), [queryClient]);
  const signOut = useCallback(() => {
    session.clearToken();
    queryClient.clear();
  }, [queryClient, session]);
  // The page on screen is one for accounts: drawn signed out, its route rule would send the person
  // to /login before a navigation to the farewell page ends. The farewell is set first, so every
  // render without the session already knows where the person is headed.
  const leave = useCallback(
    (path: string) => {
      setFarewellPath(path);
      signOut();
    },
    [signOut],
  );
  const { refetch } = userQuery;
  const retry = useCallback(() => void refetch(), [refetch]);

  const value = useMemo<SessionState>(
    () => ({
      user,
      // spec 4: the business role comes from the membership the server reports, never a flag
      role: roleOf({
        userId: user?.id ?? null,
        businessRole: user && user.role !== 'user' ? user.role : null,
      }),
      isLoading: token !== null && userQuery.isPending,
      loadError:
        token !== null && userQuery.isError && userQuery.error.status !== 401 ? userQuery.error : null,
      retry,
      signIn,
      updateUser,
      signOut,
      leave,
      farewellPath,
    }),
    [
      user,
      token,
      userQuery.isPending,
      userQuery.isError,
      userQuery.error,
      retry,
      signIn,
      updateUser,
      signOut,
      leave,
      farewellPath,
    ],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession needs a SessionProvider');
  return state;
}
