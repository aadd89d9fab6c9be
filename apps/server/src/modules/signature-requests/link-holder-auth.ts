// Link holders are authenticated where every caller is (ADR 061): a call made with a link's token
// is resolved from that token alone, through the link's afterlife rules (ADR 041), into a
// principal that says what the link may still do. What a route lets it do is `requireLinkHolder`.
import type { Authenticator } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import type { LinkHolder } from './link-grants.js';

/** A link token's holder, or the next authenticator for calls made without a link token. */
export function withLinkHolders(
  resolve: (token: string) => Promise<LinkHolder | undefined>,
  next: Authenticator,
): Authenticator {
  return async (request, linkToken) => {
    if (linkToken === undefined) return next(request);
    const link = await resolve(linkToken);
    if (!link) throw new AppError('signature_request.not_found', 'No such signature request for this link');
    return {
      kind: 'link_holder',
      signerId: link.signerId,
      requestId: link.requestId,
      link: { state: link.state, until: link.until },
      ip: request.ip,
    };
  };
}
