// HTTP routes of business accounts: parse (contract), authenticate, call one use case. The
// company logo upload reads its multipart part here; the logo itself is served as PNG.
import type { FastifyInstance } from 'fastify';
import {
  businessEndpoints as e,
  businessSurveyEndpoints as surveyCalls,
  snakeKeys,
} from '@countersign/contract';
import {
  registerEndpoint,
  registerRawEndpoint,
  type Authenticator,
  type RequestContext,
} from '../../http/endpoint.js';
import { readFilePart } from '../../http/multipart.js';
import { AppError } from '../../lib/app-error.js';
import { requireLinkHolder, requirePerson } from '../../lib/principal.js';
import * as settings from './business-settings.js';
import type { BusinessDeps } from './deps.js';
import * as domains from './domains.js';
import { previewInvitation } from './invitation-preview.js';
import * as invitations from './invitations.js';
import * as manage from './manage-business.js';
import * as people from './people.js';
import { getPublicInformation } from './public-information.js';
import * as surveys from './surveys/satisfaction-survey.js';

export function registerBusinessRoutes(
  app: FastifyInstance,
  deps: BusinessDeps,
  authenticate: Authenticator,
): void {
  const person = (ctx: RequestContext) => requirePerson(ctx.principal);

  registerEndpoint(app, e.getBusiness, authenticate, ({ params, ctx }) =>
    manage.getBusiness(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.getUserBusiness, authenticate, ({ ctx }) =>
    manage.getUserBusiness(deps, person(ctx)),
  );
  registerEndpoint(app, e.createBusiness, authenticate, ({ body, ctx }) =>
    manage.createBusiness(deps, person(ctx), body),
  );
  registerEndpoint(app, e.deleteBusiness, authenticate, ({ params, ctx }) =>
    manage.scheduleDeletion(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.revokeBusinessDeletion, authenticate, ({ params, ctx }) =>
    manage.revokeDeletion(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.updateBusiness, authenticate, ({ params, body, ctx }) =>
    manage.updateBusiness(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.getBusinessSettings, authenticate, ({ params, ctx }) =>
    settings.getSettings(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.updateBusinessSettings, authenticate, ({ params, body, ctx }) =>
    settings.updateSettings(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.getPublicInformation, authenticate, ({ params, ctx }) =>
    getPublicInformation(deps, person(ctx), params.id),
  );
  // the link's rules hold here as on every other link call: reading while its grant lasts
  registerEndpoint(app, e.directGetPublicInformation, authenticate, async ({ params, ctx }) =>
    getPublicInformation(deps, requireLinkHolder(ctx.principal, { access: 'read' }), params.id),
  );
  registerEndpoint(app, e.listBusinessAdmins, authenticate, ({ params, query, ctx }) =>
    people.listPeople(deps, person(ctx), { businessId: params.id, role: 'admin', ...query }),
  );
  registerEndpoint(app, e.listBusinessMembers, authenticate, ({ params, query, ctx }) =>
    people.listPeople(deps, person(ctx), { businessId: params.id, role: 'member', ...query }),
  );
  registerEndpoint(app, e.changeToAdmins, authenticate, ({ params, body, ctx }) =>
    people.changeRoles(deps, person(ctx), { businessId: params.id, userIds: body.userIds, role: 'admin' }),
  );
  registerEndpoint(app, e.changeToMembers, authenticate, ({ params, body, ctx }) =>
    people.changeRoles(deps, person(ctx), { businessId: params.id, userIds: body.userIds, role: 'member' }),
  );
  registerEndpoint(app, e.removeBusinessMembers, authenticate, ({ params, body, ctx }) =>
    people.removeMembers(deps, person(ctx), { businessId: params.id, userIds: body.userIds }),
  );
  registerEndpoint(app, e.inviteBusinessMembers, authenticate, ({ params, body, ctx }) =>
    invitations.inviteMembers(deps, person(ctx), { businessId: params.id, users: body.users }),
  );
  registerEndpoint(app, e.listBusinessInvitations, authenticate, ({ params, query, ctx }) =>
    invitations.listInvitations(deps, person(ctx), { businessId: params.id, ...query }),
  );
  registerEndpoint(app, e.deleteBusinessInvitation, authenticate, ({ params, ctx }) =>
    invitations.deleteInvitation(deps, person(ctx), { businessId: params.id, inviteId: params.inviteId }),
  );
  // public: the invitation link's id and address are what it asks (invitation-preview.ts)
  registerEndpoint(app, e.getInvitationPreview, authenticate, ({ params, query }) =>
    previewInvitation(deps, { inviteId: params.inviteId, email: query.email }),
  );
  registerEndpoint(app, e.addBusinessDomain, authenticate, ({ params, body, ctx }) =>
    domains.addDomain(deps, person(ctx), { businessId: params.id, domain: body.domain }),
  );
  registerEndpoint(app, e.deleteBusinessDomain, authenticate, ({ params, ctx }) =>
    domains.deleteDomain(deps, person(ctx), { businessId: params.id, domain: params.domain }),
  );
  registerEndpoint(app, surveyCalls.getSatisfactionSurvey, authenticate, ({ params, ctx }) =>
    surveys.getSatisfactionSurvey(deps, person(ctx), params.id),
  );
  registerEndpoint(app, surveyCalls.answerSatisfactionSurvey, authenticate, ({ params, body, ctx }) =>
    surveys.answerSatisfactionSurvey(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, surveyCalls.getSatisfactionSurveySummary, authenticate, ({ params, ctx }) =>
    surveys.summarizeSatisfactionSurvey(deps, person(ctx), params.id),
  );

  registerRawEndpoint(
    app,
    e.uploadBusinessLogo,
    authenticate,
    async ({ params, ctx: { request, reply, principal: who } }) => {
      const principal = requirePerson(who);
      await manage.loadBusiness(deps, principal, params.id, 'update_settings');
      const logo = await readFilePart(request, 'logo', settings.LOGO_MAX_BYTES, 'the logo');
      const result = await settings.uploadLogo(deps, principal, params.id, logo);
      return reply.send(snakeKeys(e.uploadBusinessLogo.response.parse(result)));
    },
  );
  registerRawEndpoint(app, e.getBusinessLogo, authenticate, async ({ params, ctx: { reply } }) => {
    const png = await deps.repo.findLogo(params.name);
    if (!png) throw new AppError('business.logo_not_found', 'No such logo');
    // the name is the hash of the bytes: it never changes meaning
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(png));
  });
}
