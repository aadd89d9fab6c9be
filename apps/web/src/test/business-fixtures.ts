// A business behind a mocked API, for the console's component tests: the handlers keep their
// state (people, invitations, domains, settings), answer in snake_case as the server does, and
// refuse what the server refuses (the last admin stepping down, a second invitation to an address).
import { snakeKeys } from '@countersign/contract';
import type {
  Business,
  BusinessSettings,
  BusinessVerification,
  User,
  VerificationStatus,
} from '@countersign/contract';
import { makePricePlan } from './billing-fixtures.js';
import { jsonResponse, makeUser } from './fixtures.js';
import type { ApiHandler } from './render-app.js';

export interface Person {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'admin' | 'member';
  joinedAt: string;
}

export interface FakeBusiness {
  id: string;
  name: string;
  email: string;
  phone: string;
  deletionDueAt: string | null;
  people: Person[];
  invitations: { id: string; email: string; lang: 'en' | 'de' | 'fr' | 'it'; createdAt: string }[];
  domains: Business['domains'];
  settings: BusinessSettings;
  /** the operator's verification of the business (ADR 062) and the register it covers */
  commercialRegister: string;
  verificationStatus: VerificationStatus;
  /** AES for business: the names approved, by person */
  vouchedNames: Record<string, string>;
}

export const problem = (status: number, code: string) =>
  jsonResponse(status, { type: 'about:blank', title: code, status, code });

const person = (userId: string, firstName: string, role: Person['role']): Person => ({
  userId,
  email: `${firstName.toLowerCase()}@acme.example`,
  firstName,
  lastName: 'Tester',
  role,
  joinedAt: '2026-01-05T10:00:00.000Z',
});

export function makeFakeBusiness(): FakeBusiness {
  return {
    id: 'biz_1',
    name: 'Acme',
    email: 'help@acme.example',
    phone: '',
    deletionDueAt: null,
    people: [
      person('usr_1', 'Ada', 'admin'),
      person('usr_2', 'Bob', 'member'),
      person('usr_3', 'Cleo', 'member'),
    ],
    invitations: [
      { id: 'inv_1', email: 'dora@example.com', lang: 'de', createdAt: '2026-01-06T09:00:00.000Z' },
    ],
    domains: [],
    commercialRegister: '',
    verificationStatus: 'unverified',
    vouchedNames: {},
    settings: {
      supportContact: { email: 'help@acme.example', phone: '' },
      signatureRequests: {
        part11: { enabled: false },
        retention: { enabled: false, terminalState: 'completed' },
      },
      companyBranding: { logo: null },
      mailService: {
        attachments: {
          signedDocument: { enabled: true, customisable: false },
          signatureProtocol: { enabled: true, customisable: false },
        },
      },
      signerGroups: { maxGroups: 10, maxParticipants: 20 },
      affiliate: { enabled: false },
      mabSettings: { directSign: { enabled: true } },
      userPilot: { enabled: false },
      redirects: { allowedOrigins: [] },
      embeddedSigning: { allowedOrigins: [] },
    },
  };
}

const ADMIN_ACTIONS = [
  'view',
  'update',
  'delete',
  'revoke_delete',
  'view_settings',
  'update_settings',
  'list_admins',
  'change_roles',
  'list_members',
  'invite_members',
  'remove_members',
  'list_invitations',
  'delete_invitation',
  'add_domain',
  'delete_domain',
];

export function presentBusiness(b: FakeBusiness): Business {
  return {
    id: b.id,
    name: b.name,
    email: b.email,
    phone: b.phone,
    country: 'CH',
    createdAt: '2026-01-05T10:00:00.000Z',
    gtcAcceptedAt: '2026-01-05T10:00:00.000Z',
    dpaAcceptedAt: '2026-01-05T10:00:00.000Z',
    deletionDueAt: b.deletionDueAt,
    counts: {
      admins: b.people.filter((p) => p.role === 'admin').length,
      members: b.people.filter((p) => p.role === 'member').length,
      invitedMembers: b.invitations.length,
    },
    domains: b.domains,
    role: 'admin',
    allowedActions: ADMIN_ACTIONS,
    pricePlan: makePricePlan(),
    billing: null,
    stripe: null,
  };
}

export function adminOf(b: FakeBusiness, overrides: Partial<User> = {}): User {
  return makeUser({
    role: 'admin',
    business: { id: b.id, name: b.name, deletionDueAt: b.deletionDueAt, userPilotEnabled: false },
    ...overrides,
  });
}

const ok = (body: unknown, status = 200) => jsonResponse(status, snakeKeys(body));
const paged = <T>(items: T[], url: URL) => {
  const page = Number(url.searchParams.get('page') ?? '1');
  const size = Number(url.searchParams.get('size') ?? '25');
  return ok({ items: items.slice((page - 1) * size, page * size), page, size, total: items.length });
};
const userIdsOf = (body: unknown) => (body as { user_ids: string[] }).user_ids;

function verificationOf(b: FakeBusiness): BusinessVerification {
  const organisation = { name: b.name, commercialRegister: b.commercialRegister, country: 'CH' };
  const isVerified = b.verificationStatus === 'verified';
  return {
    status: b.verificationStatus,
    organisation,
    verified: isVerified ? { ...organisation, verifiedAt: '2026-01-08T09:00:00.000Z' } : null,
    requestedAt: b.verificationStatus === 'unverified' ? null : '2026-01-07T09:00:00.000Z',
    decidedAt: isVerified ? '2026-01-08T09:00:00.000Z' : null,
    reason: null,
  };
}

/** The verification calls and AES for business's names of `b`. */
function verificationApi(b: FakeBusiness): Record<string, ApiHandler> {
  const vouched = (p: Person) => ({
    userId: p.userId,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    vouchedName: b.vouchedNames[p.userId] ?? null,
    approvedAt: b.vouchedNames[p.userId] ? '2026-01-08T10:00:00.000Z' : null,
  });
  const names = `/v2/businesses/${b.id}/aes4biz/vouched-names`;
  const handlers: Record<string, ApiHandler> = {
    [`GET /v1/businesses/${b.id}/verification`]: () => ok(verificationOf(b)),
    [`POST /v1/businesses/${b.id}/verification`]: ({ body }) => {
      const register = (body as { commercial_register?: string }).commercial_register;
      if (register) b.commercialRegister = register;
      if (!b.commercialRegister) return problem(422, 'business.verification_incomplete');
      if (b.verificationStatus !== 'verified') b.verificationStatus = 'pending';
      return ok(verificationOf(b));
    },
    [`GET ${names}`]: ({ url }) => paged(b.people.map(vouched), url),
  };
  for (const p of b.people) {
    handlers[`PUT ${names}/${p.userId}`] = ({ body }) => {
      b.vouchedNames[p.userId] = (body as { name: string }).name;
      return ok(vouched(p));
    };
    handlers[`DELETE ${names}/${p.userId}`] = () => {
      delete b.vouchedNames[p.userId];
      return ok(vouched(p));
    };
  }
  return handlers;
}

/** Handlers of every business call of `b`, and GET /v1/user answering `user`. */
export function businessApi(b: FakeBusiness, user: User = adminOf(b)): Record<string, ApiHandler> {
  const base = `/v1/businesses/${b.id}`;
  const setRole = (ids: string[], role: Person['role']) => {
    const admins = b.people.filter((p) => p.role === 'admin' && !ids.includes(p.userId));
    if (role === 'member' && admins.length === 0) return problem(409, 'business.last_admin');
    for (const p of b.people) if (ids.includes(p.userId)) p.role = role;
    return ok({ users: b.people.filter((p) => ids.includes(p.userId)) });
  };
  return {
    'GET /v1/user': () => ok(user),
    [`GET ${base}`]: () => ok(presentBusiness(b)),
    [`PUT ${base}`]: ({ body }) => {
      const next = body as { name?: string; email?: string; phone?: string };
      b.name = next.name ?? b.name;
      // spec 5: an invalid contact is blanked
      b.email = next.email !== undefined && next.email.includes('@') ? next.email : '';
      b.phone = next.phone ?? b.phone;
      return ok(presentBusiness(b));
    },
    [`DELETE /v2/businesses/${b.id}`]: () => {
      b.deletionDueAt = '2026-03-01T00:00:00.000Z';
      return ok(presentBusiness(b));
    },
    [`POST /v2/businesses/${b.id}/revoke_delete`]: () => {
      b.deletionDueAt = null;
      return ok(presentBusiness(b));
    },
    [`GET ${base}/admins`]: ({ url }) =>
      paged(
        b.people.filter((p) => p.role === 'admin'),
        url,
      ),
    [`GET ${base}/members`]: ({ url }) =>
      paged(
        b.people.filter((p) => p.role === 'member'),
        url,
      ),
    [`GET /v2/businesses/${b.id}/invitations`]: ({ url }) => paged(b.invitations, url),
    [`POST ${base}/change-to-admins`]: ({ body }) => setRole(userIdsOf(body), 'admin'),
    [`POST ${base}/change-to-members`]: ({ body }) => setRole(userIdsOf(body), 'member'),
    [`POST ${base}/remove-members`]: ({ body }) => {
      const ids = userIdsOf(body);
      b.people = b.people.filter((p) => !ids.includes(p.userId));
      return ok({ removed: ids });
    },
    [`POST ${base}/members`]: ({ body }) => {
      const users = (body as { users: { email: string; lang?: 'en' }[] }).users;
      if (users.some((u) => b.invitations.some((i) => i.email === u.email)))
        return problem(409, 'business.invitation_duplicate');
      const made = users.map((u, index) => ({
        id: `inv_new_${index}`,
        email: u.email,
        lang: u.lang ?? 'en',
        createdAt: '2026-01-07T09:00:00.000Z',
      }));
      b.invitations.push(...made);
      return ok({ invitations: made }, 201);
    },
    [`DELETE ${base}/invitations/inv_1`]: () => {
      b.invitations = b.invitations.filter((i) => i.id !== 'inv_1');
      return ok({ ok: true });
    },
    [`GET ${base}/settings`]: () => ok({ settings: b.settings }),
    ...verificationApi(b),
  };
}
