// HTTP routes of the visual-signature calls (spec section 7, Visual signatures).
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../http/endpoint.js';
import type { VisualSignaturesDeps } from './service.js';

export function registerVisualSignatureRoutes(
  _app: FastifyInstance,
  _deps: VisualSignaturesDeps,
  _authenticate: Authenticator,
): void {}
