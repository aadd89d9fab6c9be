// HTTP routes of the account calls: parse (contract), authenticate, call one use case.
import type { FastifyInstance } from 'fastify';
import { accountEndpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator, type RequestContext } from '../../http/endpoint.js';
import { AppError } from '../../lib/app-error.js';
import { requirePerson } from '../../lib/principal.js';
import * as accounts from './service.js';
import { recordCelloReferral } from './cello.js';
import type { AccountsDeps } from './service.js';

const sessionOf = (ctx: RequestContext) => requirePerson(ctx.principal);

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: AccountsDeps,
  authenticate: Authenticator,
): void {
  registerEndpoint(app, e.register, authenticate, ({ body, ctx }) =>
    accounts.register(deps, { ...body, ip: ctx.ip }),
  );
  registerEndpoint(app, e.requestConfirmation, authenticate, ({ body, ctx }) =>
    accounts.requestConfirmation(deps, { email: body.email, ip: ctx.ip }),
  );
  registerEndpoint(app, e.validConfirmation, authenticate, ({ body, ctx }) =>
    accounts.confirmEmail(deps, { token: body.token, ip: ctx.ip }),
  );
  registerEndpoint(app, e.login, authenticate, ({ body, ctx }) =>
    accounts.login(deps, { email: body.email, password: body.password, ip: ctx.ip }),
  );
  registerEndpoint(app, e.logout, authenticate, ({ ctx }) => accounts.logout(deps, sessionOf(ctx)));
  registerEndpoint(app, e.getUser, authenticate, ({ ctx }) => accounts.getUser(deps, sessionOf(ctx)));
  registerEndpoint(app, e.updateUser, authenticate, ({ body, ctx }) =>
    accounts.updateUser(deps, { userId: sessionOf(ctx).userId, ...body }),
  );
  registerEndpoint(app, e.deleteUser, authenticate, ({ body, ctx }) =>
    accounts.deleteAccount(deps, { userId: sessionOf(ctx).userId, password: body.password }),
  );
  registerEndpoint(app, e.checkPassword, authenticate, ({ body, ctx }) =>
    accounts.checkPasswordCandidate(deps, {
      ...body,
      userId: ctx.principal?.kind === 'person' ? ctx.principal.userId : undefined,
    }),
  );
  registerEndpoint(app, e.changePassword, authenticate, ({ body, ctx }) => {
    const session = sessionOf(ctx);
    return accounts.changePassword(deps, {
      userId: session.userId,
      sessionId: session.sessionId,
      oldPassword: body.old,
      newPassword: body.new,
    });
  });
  registerEndpoint(app, e.requestReset, authenticate, ({ body, ctx }) =>
    accounts.requestReset(deps, { email: body.email, ip: ctx.ip }),
  );
  registerEndpoint(app, e.resetPassword, authenticate, ({ body }) =>
    accounts.resetPassword(deps, { token: body.token, newPassword: body.new }),
  );
  registerEndpoint(app, e.acceptTerms, authenticate, ({ body, ctx }) =>
    accounts.acceptTerms(deps, sessionOf(ctx), body),
  );
  registerEndpoint(app, e.emailAutocomplete, authenticate, ({ query, ctx }) =>
    accounts.autocompleteEmails(deps, { userId: sessionOf(ctx).userId, input: query.input }),
  );
  registerEndpoint(app, e.celloReferral, authenticate, ({ body, ctx }) =>
    recordCelloReferral(deps, { userId: sessionOf(ctx).userId, ucc: body.ucc }),
  );
  registerEndpoint(app, e.getDatetime, authenticate, async () => ({
    datetime: deps.clock.now().toISOString(),
  }));
}

/** Bearer session tokens; a malformed or unknown token is refused rather than ignored. */
export function createSessionAuthenticator(deps: AccountsDeps): Authenticator {
  return async (request) => {
    const header = request.headers.authorization;
    if (!header) return undefined;
    const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
    if (!match?.[1])
      throw new AppError('auth.invalid_token', 'The Authorization header is not a valid Bearer token');
    return accounts.authenticateToken(deps, match[1], request.ip);
  };
}
