// Who may open the sandbox pages (mailbox, SMS box, identification, CSC provider). They show
// sign-up and reset links, one-time signing codes and let anyone confirm an identity, so unless
// SANDBOX_ACCESS=anyone they answer only clients on this machine. The client address is the
// socket's, or the one a trusted proxy reports (TRUST_PROXY), never one a client claims itself.
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../../http/errors.js';
import { isLocalClient } from '../../http/loopback.js';

export const SANDBOX_PREFIX = '/sandbox/';

export function restrictSandboxes(
  app: FastifyInstance,
  options: { access: 'loopback' | 'anyone'; trustsProxy: boolean },
): void {
  if (options.access === 'anyone') return;
  app.addHook('onRequest', async (request, reply) => {
    // the matched route, not the raw URL, so no spelling of the path slips past
    const route = request.routeOptions.url;
    if (!route?.startsWith(SANDBOX_PREFIX) || isLocalClient(request, options.trustsProxy)) return;
    return sendProblem(
      reply,
      'sandbox.forbidden',
      'The sandbox answers only on the machine that runs the server (SANDBOX_ACCESS=anyone opens it to everyone)',
    );
  });
}
