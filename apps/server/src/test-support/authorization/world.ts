// The world the authorization matrix (`http/authorization-matrix.test.ts`) calls every endpoint in:
// business A with its people, API users and one of each resource it can hold, every name and
// address of it carrying the canary `canarya` so a foreign answer that shows any of it is caught;
// business B with the same roles; and an individual's request whose link holder is a stranger to A.
// A's organisation is verified by the operator (ADR 062), so it has a seal, which its API user is
// assigned to (ADR 061), and it registered a redirect origin (ADR 064) that its requests show.
// What a successful call uses up (a request sent, a seal deleted) is made again by `renewers`.
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { createRequestWithFiles, mailsTo, signUp } from '../accounts.js';
import { enterCard } from '../billing.js';
import { verifyOrganisation } from '../business.js';
import { generatedPdf, multipart } from '../pdfs.js';

/** Every text of A's data holds it: no answer to a foreign principal may. */
export const CANARY = 'canarya';

/**
 * The texts of the owner's requests (title, message, file names, the send-to note): the
 * business's other people and its API users never see them either (ADR 035).
 */
export const OWNER_PRIVATE = [
  `${CANARY} contract`,
  `${CANARY} message`,
  `${CANARY}-terms`,
  `${CANARY}-annex`,
  `${CANARY} hand-off`,
];

export interface Person {
  token: string;
  id: string;
  email: string;
}
export interface ApiUser {
  username: string;
  secret: string;
}
/** A request with one document, one attachment, a signer with a link only and an observer. */
export interface RequestSlice {
  id: string;
  documentId: string;
  signerId: string;
  observerId: string;
  attachmentId: string;
  /** the signer's link token once the request is sent */
  linkToken: string;
}
export interface Webhook {
  id: string;
  deliveryId: string;
}
export interface BusinessA {
  businessId: string;
  owner: Person;
  admin: Person;
  member: Person;
  /** a member the calls on people (roles, removal) act on, so the principals stay what they are */
  spare: Person;
  apiUser: ApiUser;
  /** the API user the calls on API users act on (the principal's secret must keep working) */
  spareApiUser: ApiUser;
  /** the owner's: sent (open), a draft, and a draft offered to someone else (send-to) */
  open: RequestSlice;
  draft: RequestSlice;
  sendtoId: string;
  seal: string;
  groupId: string;
  visualSignatureId: string;
  inviteId: string;
  domain: string;
  logoName: string;
  invoiceId: string;
  /** a webhook endpoint of A and one of A's owner's own, each with a delivery in its log (ADR 069) */
  webhook: Webhook;
  ownWebhook: Webhook;
  /** a template A's people share (made from a draft of the owner's) and a bulk send of it, checked (ADR 080) */
  templateId: string;
  /** the template's document, whose pages are drawn and which may be replaced or removed (ADR 100) */
  templateDocumentId: string;
  bulkSendId: string;
  /** the name, register and country the operator verified (ADR 062) */
  organisation: { name: string; commercialRegister: string; country: string };
}
export interface World {
  a: BusinessA;
  /** B is verified and has a seal: the calls on B's own things are probed with A's ids in them */
  b: { businessId: string; admin: Person; member: Person; apiUser: ApiUser; seal: string };
  /** an individual's sent request: its link holder is the link holder of another request */
  c: { owner: Person; open: RequestSlice };
}

type Auth = string | ApiUser | undefined;
const headersOf = (auth: Auth): Record<string, string> =>
  auth === undefined
    ? {}
    : typeof auth === 'string'
      ? { authorization: `Bearer ${auth}` }
      : { authorization: `Basic ${Buffer.from(`${auth.username}:${auth.secret}`).toString('base64')}` };

/** A JSON call that must answer 2xx; its JSON answer. */
export async function must(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  auth: Auth,
  body?: object,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const res = await app.inject({ method, url, headers: headersOf(auth), ...(body && { payload: body }) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.body ? res.json() : undefined;
}

let counter = 0;
/** A name no earlier call of the run used. */
export const unique = (prefix: string) => `${prefix}${++counter}`;

async function person(app: FastifyInstance, email: string, firstName: string): Promise<Person> {
  const token = await signUp(app, email, firstName);
  return { token, email, id: (await must(app, 'GET', '/v1/user', token)).id };
}

async function join(app: FastifyInstance, businessId: string, admin: Person, people: Person[]) {
  await must(app, 'POST', `/v1/businesses/${businessId}/members`, admin.token, {
    users: people.map((p) => ({ email: p.email })),
  });
  for (const p of people) await must(app, 'POST', '/v1/user/accept', p.token, { business_invite: true });
}

async function makeAdmin(app: FastifyInstance, a: BusinessA, who: Person) {
  await must(app, 'POST', `/v1/businesses/${a.businessId}/change-to-admins`, a.owner.token, {
    user_ids: [who.id],
  });
}

async function apiUserOf(app: FastifyInstance, businessId: string, admin: Person, description: string) {
  const created = await must(app, 'POST', `/v1/businesses/${businessId}/apis`, admin.token, { description });
  return { username: created.api_user.username, secret: created.secret } as ApiUser;
}

/** The link token of the invitation mailed to `email` for request `id` (delivery runs in the background). */
async function waitForLink(app: FastifyInstance, email: string, id: string) {
  for (let attempt = 0; attempt < 250; attempt++) {
    const mail = (await mailsTo(app, email)).find((m) => m.text.includes(`/view/${id}/`));
    const token = /\/view\/[\w-]+\/[\w-]+\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no invitation for ${email} to ${id}`);
}

/** A request of `owner` (sent unless `draft`), its parties at `domain`, its texts with `tag`. */
async function newRequest(
  app: FastifyInstance,
  owner: Person,
  domain: string,
  tag: string,
  draft = false,
): Promise<RequestSlice> {
  const signer = `${unique('signer')}@${domain}`;
  const created = await createRequestWithFiles(
    app,
    owner.token,
    {
      title: `${tag} contract`,
      message: `${tag} message`,
      signatures: [{ email: signer, name: `${tag} Signer` }],
      observers: [`watcher@${domain}`],
    },
    [
      { name: `${tag}-terms.pdf`, bytes: await generatedPdf(1, `${tag} terms`) },
      { name: `${tag}-annex.pdf`, bytes: await generatedPdf(1, `${tag} annex`), field: 'attachments' },
    ],
  );
  if (created.statusCode !== 201) throw new Error(`create: ${created.body}`);
  const request = created.json();
  const slice = {
    id: request.id as string,
    documentId: request.documents[0].id as string,
    signerId: request.signatures[0].id as string,
    observerId: request.observers[0].id as string,
    attachmentId: request.attachments[0].id as string,
    linkToken: '',
  };
  if (draft) return slice;
  await must(app, 'POST', `/v3/signature-requests/${slice.id}/initiate`, owner.token);
  return { ...slice, linkToken: await waitForLink(app, signer, slice.id) };
}

const png = (background: string) =>
  sharp({ create: { width: 40, height: 20, channels: 3, background } })
    .png()
    .toBuffer();

/** A's logo: its name is its content hash. */
async function uploadLogo(app: FastifyInstance, a: BusinessA): Promise<string> {
  const body = multipart({}, [
    { field: 'logo', name: 'logo.png', bytes: await png('#a1b2c3'), type: 'image/png' },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `/v1/businesses/${a.businessId}/settings/logo`,
    payload: body.payload,
    headers: { ...body.headers, ...headersOf(a.owner.token) },
  });
  if (res.statusCode >= 300) throw new Error(`logo: ${res.body}`);
  const settings = await must(app, 'GET', `/v1/businesses/${a.businessId}/settings`, a.owner.token);
  return (settings.settings.company_branding.logo.url as string).split('/').pop()!;
}

/** Pays for a plan with the sandbox's card, so A has an invoice (its address a canary). */
async function invoiceOf(app: FastifyInstance, a: BusinessA): Promise<string> {
  const base = `/v2/businesses/${a.businessId}`;
  await must(app, 'PUT', `${base}/billing`, a.owner.token, {
    address1: `${CANARY} Street 1`,
    city: 'Zürich',
    country: 'CH',
    postal_code: '8001',
  });
  const setup = await must(app, 'POST', `${base}/subscriptions/stripe_setup_intent`, a.owner.token, {
    country: 'CH',
  });
  await enterCard(app, setup.redirect_url, '4242 4242 4242 4242');
  await must(app, 'PUT', `${base}/subscriptions/upgrade`, a.owner.token, {
    plan: 'pro',
    cycle: 'yearly',
    amount_seats: 10,
  });
  const listed = await must(app, 'GET', `/v1/businesses/${a.businessId}/invoices`, a.owner.token);
  return listed.invoices[0].id;
}

/** The app and its database: the operator's verification goes to the database, as the CLI does. */
export interface Served {
  app: FastifyInstance;
  db: Db;
}

/** The things of A that a successful call may use up, each made again as it was. */
export function renewers(served: Served, w: World) {
  const app = served.app;
  const a = w.a;
  const owner = a.owner;
  const domain = `${CANARY}.example`;
  return {
    open: async () => {
      a.open = await newRequest(app, owner, domain, CANARY);
    },
    draft: async () => {
      a.draft = await newRequest(app, owner, domain, CANARY, true);
    },
    sendto: async () => {
      const draft = await newRequest(app, owner, domain, CANARY, true);
      const offer = await must(app, 'POST', `/v3/signature-requests/${draft.id}/sendto`, owner.token, {
        email: `heir@${domain}`,
        message: `${CANARY} hand-off`,
      });
      a.sendtoId = offer.id;
    },
    // the operator verified A's organisation: a revocation is taken back by verifying it again
    verification: async () => {
      a.organisation = await verifyOrganisation(served, a.businessId, owner.token);
    },
    // a seal A's API user is assigned to, so that it may apply it (ADR 061)
    seal: async () => {
      const seals = `/v1/businesses/${a.businessId}/seals`;
      const seal = await must(app, 'POST', seals, owner.token, {
        name: unique('seal-a'),
        label: `${CANARY} Seal`,
      });
      a.seal = seal.name;
      await must(app, 'POST', `${seals}/${a.seal}/members`, owner.token, { members: [a.apiUser.username] });
    },
    group: async () => {
      const group = await must(app, 'POST', '/v3/groups', owner.token, {
        name: unique(`${CANARY} Group `),
        members: [`grouped@${domain}`],
      });
      a.groupId = group.id;
    },
    visualSignature: async () => {
      const sig = await must(app, 'POST', '/v1/user/visual-signatures', owner.token, {
        alias: unique(`${CANARY} alias `),
        name: `${CANARY} Owner`,
      });
      a.visualSignatureId = sig.id;
    },
    invitation: async () => {
      const invited = await must(app, 'POST', `/v1/businesses/${a.businessId}/members`, owner.token, {
        users: [{ email: `${unique('invitee')}@${domain}` }],
      });
      a.inviteId = invited.invitations[0].id;
    },
    apiUser: async () => {
      a.spareApiUser = await apiUserOf(app, a.businessId, owner, `${CANARY} ERP spare`);
    },
    // endpoints of A and of its owner that want the sending of a request, and one sent for them
    webhook: async () => {
      const made = [];
      for (const base of [`/v1/businesses/${a.businessId}`, '/v1/user']) {
        const created = await must(app, 'POST', `${base}/webhooks`, owner.token, {
          url: `https://hooks.${domain}/${unique('endpoint')}`,
          events: ['signature_request.sent'],
          description: `${CANARY} integration`,
        });
        made.push({ base, id: created.endpoint.id as string });
      }
      await newRequest(app, owner, domain, CANARY);
      const [business, own] = await Promise.all(
        made.map(async ({ base, id }) => {
          const log = await must(app, 'GET', `${base}/webhooks/${id}/deliveries`, owner.token);
          return { id, deliveryId: log.deliveries[0].id as string };
        }),
      );
      a.webhook = business!;
      a.ownWebhook = own!;
    },
    template: async () => {
      // saving a draft as a template shares its texts with the business's people (ADR 080): a draft
      // of texts of its own, not the owner's private ones
      const draft = await newRequest(app, owner, domain, `${CANARY} shared`, true);
      const template = await must(app, 'POST', '/v3/templates', owner.token, {
        name: unique(`${CANARY} template `),
        from_request_id: draft.id,
      });
      a.templateId = template.id;
      a.templateDocumentId = template.documents[0].id;
      a.bulkSendId = (
        await must(app, 'POST', `/v3/templates/${a.templateId}/bulk-sends`, owner.token, {
          csv: `${template.roles[0].name} email\nrow@${domain}\n`,
        })
      ).id;
    },
    domain: async () => {
      await must(app, 'POST', `/v1/businesses/${a.businessId}/domains`, owner.token, { domain: a.domain });
    },
    business: async () => {
      // a scheduled deletion is revoked; nothing else of a business is used up
      await app.inject({
        method: 'POST',
        url: `/v2/businesses/${a.businessId}/revoke_delete`,
        headers: headersOf(owner.token),
      });
    },
  };
}
export type Renewable = keyof ReturnType<typeof renewers>;

async function business(app: FastifyInstance, admin: Person, name: string): Promise<string> {
  const created = await must(app, 'POST', '/v2/businesses', admin.token, {
    name,
    country: 'CH',
    email: `office@${name.toLowerCase().replace(/\W/g, '')}.example`,
    accept_gtc: true,
    accept_dpa: true,
  });
  return created.id;
}

export async function buildWorld(served: Served): Promise<World> {
  const app = served.app;
  const domain = `${CANARY}.example`;
  const owner = await person(app, `owner@${domain}`, `${CANARY}Owner`);
  const admin = await person(app, `admin@${domain}`, `${CANARY}Admin`);
  const member = await person(app, `member@${domain}`, `${CANARY}Member`);
  const spare = await person(app, `spare@${domain}`, `${CANARY}Spare`);
  const businessId = await business(app, owner, `${CANARY} Holding`);
  await join(app, businessId, owner, [admin, member, spare]);
  const a = { businessId, owner, admin, member, spare, domain: 'alpha-proof.example' } as BusinessA;
  await makeAdmin(app, a, admin);
  a.apiUser = await apiUserOf(app, businessId, owner, `${CANARY} ERP`);

  const bAdmin = await person(app, 'admin@bravo.example', 'Bruno');
  const bMember = await person(app, 'member@bravo.example', 'Bea');
  const bId = await business(app, bAdmin, 'Bravo GmbH');
  await join(app, bId, bAdmin, [bMember]);
  await verifyOrganisation(served, bId, bAdmin.token, 'CHE-222.333.444');
  const bSeal = await must(app, 'POST', `/v1/businesses/${bId}/seals`, bAdmin.token, {
    name: 'seal-b',
    label: 'Bravo Seal',
  });
  const b = {
    businessId: bId,
    admin: bAdmin,
    member: bMember,
    apiUser: await apiUserOf(app, bId, bAdmin, 'B ERP'),
    seal: bSeal.name as string,
  };

  const cOwner = await person(app, 'carol@charlie.example', 'Carol');
  const c = { owner: cOwner, open: await newRequest(app, cOwner, 'charlie.example', 'Charlie') };

  const world: World = { a, b, c };
  const renew = renewers(served, world);
  for (const slice of Object.values(renew)) await slice();
  // where A's integration sends its signers: every view of A's requests shows it (ADR 064); A takes
  // part in the referral programme, so that its referral code is there to be asked for (ADR 104)
  await must(app, 'PUT', `/v1/businesses/${businessId}/settings`, owner.token, {
    redirects: { allowed_origins: [`https://shop.${domain}`] },
    affiliate: { enabled: true },
  });
  a.logoName = await uploadLogo(app, a);
  a.invoiceId = await invoiceOf(app, a);
  return world;
}
