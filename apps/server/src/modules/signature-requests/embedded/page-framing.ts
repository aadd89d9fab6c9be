// Which pages of the app another site may frame: only the embedded signing page,
// /embed/sign/{id}/{signerId}?token=..., and only by the origins of the business whose token it
// carries (ADR 088). Every other answer keeps `frame-ancestors 'none'`.
import type { RequestsDeps } from '../deps.js';
import { frameAncestorsOfEmbeddedPage } from './embedded-signing.js';

const EMBEDDED_PAGE = /^\/embed\/sign\/([^/?#]+)\/([^/?#]+)\/?$/;

/** The `frame-ancestors` an app page at `url` answers with, when it is not `'none'`. */
export async function frameAncestorsOfPage(
  deps: Pick<RequestsDeps, 'db'>,
  url: string,
): Promise<string | undefined> {
  const [pathname = '', search = ''] = url.split('?', 2);
  const match = EMBEDDED_PAGE.exec(pathname);
  const token = new URLSearchParams(search).get('token');
  if (!match?.[1] || !match[2] || !token) return undefined;
  try {
    const requestId = decodeURIComponent(match[1]);
    const signerId = decodeURIComponent(match[2]);
    return await frameAncestorsOfEmbeddedPage(deps, { requestId, signerId, token });
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
}
