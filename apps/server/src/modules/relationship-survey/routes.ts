// HTTP routes of the relationship survey: the account holder's own round (session only: API users
// are programs and are never asked), and the operator's summary (only when OPERATOR_API_TOKEN is
// set; else its path answers 404 like any unknown path).
import type { FastifyInstance } from 'fastify';
import { relationshipSurveyEndpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator } from '../../http/endpoint.js';
import { createOperatorAuthenticator } from '../../http/operator-auth.js';
import { requirePerson } from '../../lib/principal.js';
import {
  answerRelationshipSurvey,
  getRelationshipSurvey,
  summarizeRelationshipSurvey,
  type RelationshipSurveyDeps,
} from './survey.js';

export function registerRelationshipSurveyRoutes(
  app: FastifyInstance,
  deps: RelationshipSurveyDeps,
  authenticate: Authenticator,
  operatorApiToken: string | undefined,
): void {
  registerEndpoint(app, e.getRelationshipSurvey, authenticate, ({ ctx }) =>
    getRelationshipSurvey(deps, requirePerson(ctx.principal).userId),
  );
  registerEndpoint(app, e.answerRelationshipSurvey, authenticate, ({ ctx, body }) =>
    answerRelationshipSurvey(deps, requirePerson(ctx.principal).userId, body),
  );
  if (!operatorApiToken) return;
  registerEndpoint(app, e.getRelationshipSurveySummary, createOperatorAuthenticator(operatorApiToken), () =>
    summarizeRelationshipSurvey(deps),
  );
}
