// Live feedback on a new password: the domain's policy answers at once, and the server's
// /v1/check-password (the authority, spec 5) confirms a moment after typing stops.
import { accountEndpoints } from '@countersign/contract';
import { checkPassword, isEmail } from '@countersign/domain';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.js';

export const passwordCheckDebounceMs = 300;

export type PasswordVerdict =
  { state: 'empty' } | { state: 'checking' } | { state: 'valid' } | { state: 'invalid'; code: string | null };

interface ServerVerdict {
  password: string;
  valid: boolean;
  code: string | null;
}

export function usePasswordVerdict(password: string, email?: string | null): PasswordVerdict {
  const { api } = useServices();
  const [server, setServer] = useState<ServerVerdict | null>(null);
  const contextEmail = email && isEmail(email) ? email : undefined;

  useEffect(() => {
    if (password === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const body = contextEmail ? { password, email: contextEmail } : { password };
      api
        .call(accountEndpoints.checkPassword, { body, signal: controller.signal })
        .then((answer) => setServer({ password, valid: answer.validPassword, code: answer.errorCode }))
        .catch(() => {
          // The server is unreachable or refused the request: the local verdict stands.
        });
    }, passwordCheckDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, password, contextEmail]);

  if (password === '') return { state: 'empty' };
  if (server?.password === password)
    return server.valid ? { state: 'valid' } : { state: 'invalid', code: server.code };
  const local = checkPassword(password, { email: contextEmail ?? null });
  return local.valid ? { state: 'checking' } : { state: 'invalid', code: local.code };
}
