// A direct-sign session (spec 3, 4): a person without an account holds a link to
// /view/{id}/{userid}?token=... from their invitation. The token is kept per tab, so the address
// bar can drop it and a reload still works, and it makes the visitor a `nas` on the direct-sign
// routes (spec 4: a direct session is nas, ahead of any account role in the same browser).
import { roleOf } from '@countersign/domain';
import type { Role, RouteDefinition } from '@countersign/domain';

export interface DirectSession {
  requestId: string;
  signerId: string;
  token: string;
}

const storageKey = 'countersign.direct-session';
export const DIRECT_VIEW_PATH = '/view/:id/:userid';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

function readStored(storage: Storage): DirectSession | null {
  try {
    const raw = JSON.parse(storage.getItem(storageKey) ?? 'null') as Partial<DirectSession> | null;
    if (
      raw &&
      typeof raw.requestId === 'string' &&
      typeof raw.signerId === 'string' &&
      typeof raw.token === 'string'
    )
      return { requestId: raw.requestId, signerId: raw.signerId, token: raw.token };
  } catch {
    storage.removeItem(storageKey);
  }
  return null;
}

/**
 * The session for a direct view: the token in the address (which is then remembered), else the
 * one remembered for the same request and signer. Without `ids`, the last one remembered.
 */
export function resolveDirectSession(
  storage: Storage,
  ids: { requestId: string; signerId: string } | null,
  search: string,
): DirectSession | null {
  const token = new URLSearchParams(search).get('token');
  if (ids && token && TOKEN_PATTERN.test(token)) {
    const session = { ...ids, token };
    storage.setItem(storageKey, JSON.stringify(session));
    return session;
  }
  const stored = readStored(storage);
  if (!stored) return null;
  if (ids && (stored.requestId !== ids.requestId || stored.signerId !== ids.signerId)) return null;
  return stored;
}

/** The role on a route: nas on the direct-sign routes while a direct session exists, else the account's. */
export function roleOnRoute(
  accountRole: Role,
  route: Pick<RouteDefinition, 'section'>,
  session: DirectSession | null,
): Role {
  if (route.section !== 'nas' || !session) return accountRole;
  return roleOf({ userId: session.signerId, isDirectSession: true });
}

/** The ids of a direct view (or of its embedded twin, ADR 088) from its path, if the path is one. */
export function directViewIds(pathname: string): { requestId: string; signerId: string } | null {
  const match = /^\/(?:view|embed\/sign)\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1] || !match[2]) return null;
  try {
    return { requestId: decodeURIComponent(match[1]), signerId: decodeURIComponent(match[2]) };
  } catch {
    return null;
  }
}
