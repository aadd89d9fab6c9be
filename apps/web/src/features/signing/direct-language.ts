// A link holder sees the direct-sign screens (the request and their identification) in the
// language they chose for the link, Italian included (spec 1: Italian only in direct-sign); on
// leaving them the visitor's own choice comes back.
import { directEndpoints } from '@countersign/contract';
import type { Language } from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../../app/services.js';
import { resolveWebLocale, storedLocaleKey } from '../i18n/locale.js';
import type { DirectSession } from './direct-session.js';

/** Shows `language` while the calling screen is mounted, then puts the visitor's own locale back. */
export function useDirectLanguage(language: Language | undefined): void {
  const { i18n, storage } = useServices();
  useEffect(() => {
    if (!language) return;
    const locale = resolveWebLocale({ userLanguage: language, isDirectSign: true });
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = language;
  }, [language, i18n]);
  useEffect(
    () => () => {
      const outside = resolveWebLocale({
        storedLocale: storage.getItem(storedLocaleKey),
        browserLanguages: navigator.languages,
      });
      if (i18n.language !== outside) void i18n.changeLanguage(outside);
    },
    [i18n, storage],
  );
}

/** The link holder as the server knows them (GET /v1/direct/user), shared by the direct screens. */
export function useDirectUser(session: DirectSession) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['direct-user', session.signerId],
    queryFn: ({ signal }) =>
      api.call(directEndpoints.directGetUser, { query: { token: session.token }, signal }),
  });
}

/** The link holder's own language on a direct-sign screen; returns their details query. */
export function useLinkHolderLanguage(session: DirectSession) {
  const user = useDirectUser(session);
  useDirectLanguage(user.data?.lang);
  return user;
}
