// The link holder's identification routes (spec 2, /direct-sign/identification/...) and the
// provider/method each one starts (spec 7): eIDAS self (srs robo) or video (srs video); ZertES
// auto (intrum autoident) or video (intrum video).
import type { IdentMethod } from '@countersign/contract';

export const DIRECT_IDENT_PATH = '/direct-sign/identification';
/** The account holder's twin of the same screens, under their profile. */
export const STANDARDS_PATH = '/profile/signature-standards';

type Method = IdentMethod['methods'][number];
export type Legislation = IdentMethod['legislation'];

export interface MethodRoute extends Method {
  legislation: Legislation;
  /** the last path segment, also the text key (ident.choose.self, ...) */
  name: 'self' | 'video' | 'auto';
}

export const METHOD_ROUTES: readonly MethodRoute[] = [
  { legislation: 'eidas', name: 'self', provider: 'srs', method: 'robo' },
  { legislation: 'eidas', name: 'video', provider: 'srs', method: 'video' },
  { legislation: 'zertes', name: 'auto', provider: 'intrum', method: 'autoident' },
  { legislation: 'zertes', name: 'video', provider: 'intrum', method: 'video' },
];

/** A digital identity wallet's person identification data (ADR 085): advanced level only. */
export const WALLET_METHOD = { provider: 'wallet', method: 'pid' } as const satisfies Method;

/** Whether to offer the wallet: the server says it would help (or has not answered yet). */
export const isWalletOffered = (useful?: readonly Method[]) =>
  !useful || useful.some((m) => m.provider === WALLET_METHOD.provider && m.method === WALLET_METHOD.method);

export const methodPath = (route: Pick<MethodRoute, 'legislation' | 'name'>, base = DIRECT_IDENT_PATH) =>
  `${base}/${route.legislation}/${route.name}`;

/** The method a route path starts, if it is one of the four (under `base`). */
export function methodOfPath(path: string, base = DIRECT_IDENT_PATH): MethodRoute | undefined {
  return METHOD_ROUTES.find((route) => methodPath(route, base) === path);
}

/** The legislation a chooser or personal-details path is for (eidas unless it names zertes). */
export function legislationOfPath(path: string, base = DIRECT_IDENT_PATH): Legislation {
  return path.startsWith(`${base}/zertes`) ? 'zertes' : 'eidas';
}

/** The routes offered for a legislation, limited to the methods the server says would help. */
export function methodsOffered(legislation: Legislation, useful?: readonly Method[]): MethodRoute[] {
  return METHOD_ROUTES.filter(
    (route) =>
      route.legislation === legislation &&
      (!useful || useful.some((m) => m.provider === route.provider && m.method === route.method)),
  );
}

export const isOpenIdentification = (status: string | undefined) =>
  status === 'initialized' || status === 'inprogress';
