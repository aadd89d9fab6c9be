// What the authorization matrix fills in for each endpoint of the contract: path parameters
// (looked up in the world by the segment before them), bodies and queries that pass validation so
// that the call reaches its authorization, files for uploads, and what to make again after a
// successful call used something up. An endpoint the matrix cannot fill fails it with a message
// naming the map to extend: no endpoint goes uncovered in silence.
import { SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA, type EndpointName } from '@countersign/contract';
import { SIGNING_CONSENT_VERSION } from '@countersign/domain';
import { type Renewable, type RequestSlice, type World, unique } from './world.js';

/** The calls that act on a draft (editing, sending, handing over); the others get the sent request. */
const DRAFT_CALLS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'updateSignatureRequest',
  'initiateSignatureRequest',
  'setFields',
  'deleteSignatureRequest',
  'addSigner',
  'removeSigner',
  'addDocuments',
  'removeRequestDocument',
  'deleteDocument',
  'addAttachments',
  'deleteAttachment',
  'createSendto',
]);

/** A person a business's identity provider would provision (ADR 084). */
const scimUser = { schemas: [SCIM_USER_SCHEMA], userName: 'provisioned@elsewhere.example' };

const sliceOf = (name: EndpointName): 'open' | 'draft' => (DRAFT_CALLS.has(name) ? 'draft' : 'open');
const request = (w: World, name: EndpointName): RequestSlice => w.a[sliceOf(name)];

export interface ParamFixture {
  value(w: World, name: EndpointName, path: string): string;
  /** what a successful call on it may have used up, made again before the next call */
  renew?: Renewable | ((name: EndpointName) => Renewable);
}

/**
 * Path parameters by the literal segment before them and their name (`businesses/{id}`): an `id`
 * names a business, a request, a group or a document depending on where it stands. A new
 * parameter gets a line here, naming the thing of business A (or the public value) it stands for.
 */
export const PATH_PARAMS: Readonly<Record<string, ParamFixture>> = {
  'signature-requests/{id}': { value: (w, n) => request(w, n).id, renew: sliceOf },
  'signatures/{sigId}': { value: (w, n) => request(w, n).signerId, renew: sliceOf },
  'create-par/{id}': { value: (w, n) => request(w, n).id, renew: sliceOf },
  'redirect-sign/{id}': { value: (w, n) => request(w, n).id, renew: sliceOf },
  // the verification service's {id} is a signature (signer) id (ADR 086)
  'resend/{id}': { value: (w, n) => request(w, n).signerId, renew: sliceOf },
  'respond/{id}': { value: (w, n) => request(w, n).signerId, renew: sliceOf },
  'cancel/{id}': { value: (w, n) => request(w, n).signerId, renew: sliceOf },
  'proceed/{id}': { value: (w, n) => request(w, n).id, renew: sliceOf },
  // Mobile ID signing (ADR 094): the request, and a transaction nobody started
  'sign/{id}': { value: (w, n) => request(w, n).id, renew: sliceOf },
  // who pays the identification a signature of the request needs
  'payment/{id}': { value: (w, n) => request(w, n).id, renew: sliceOf },
  'sign/{transactionId}': { value: () => 'mid_no-such-transaction' },
  'observers/{observerId}': { value: (w, n) => request(w, n).observerId, renew: sliceOf },
  'attachments/{attId}': { value: (w, n) => request(w, n).attachmentId, renew: sliceOf },
  'documents/{id}': { value: (w, n) => request(w, n).documentId, renew: sliceOf },
  'documents/{docId}': { value: (w, n) => request(w, n).documentId, renew: sliceOf },
  'sendto/{id}': { value: (w) => w.a.sendtoId, renew: 'sendto' },
  'visual-signatures/{id}': { value: (w) => w.a.visualSignatureId, renew: 'visualSignature' },
  'signature/{id}': { value: (w) => w.a.visualSignatureId, renew: 'visualSignature' },
  'businesses/{id}': { value: (w) => w.a.businessId, renew: 'business' },
  'invitations/{inviteId}': { value: (w) => w.a.inviteId, renew: 'invitation' },
  'domains/{domain}': { value: (w) => w.a.domain, renew: 'domain' },
  'groups/{id}': { value: (w) => w.a.groupId, renew: 'group' },
  'seals/{seal}': { value: (w) => w.a.seal, renew: 'seal' },
  'templates/{id}': { value: (w) => w.a.templateId, renew: 'template' },
  'bulk-sends/{id}': { value: (w) => w.a.bulkSendId, renew: 'template' },
  'documents/{documentId}': { value: (w) => w.a.templateDocumentId, renew: 'template' },
  'apis/{username}': { value: (w) => w.a.spareApiUser.username, renew: 'apiUser' },
  'vouched-names/{userId}': { value: (w) => w.a.spare.id },
  'Users/{id}': { value: (w) => w.a.spare.id },
  'invoices/{invoiceId}': { value: (w) => w.a.invoiceId },
  // the business's endpoint under /v1/businesses, the owner's own under /v1/user
  'webhooks/{endpointId}': { value: (w, _n, path) => webhookOf(w, path).id, renew: 'webhook' },
  'deliveries/{deliveryId}': { value: (w, _n, path) => webhookOf(w, path).deliveryId, renew: 'webhook' },
  // public by design: a logo is served to anyone by its content hash (signing pages show it)
  'business-logos/{name}': { value: (w) => w.a.logoName },
  // values, not things of a business
  'identification/{provider}': { value: () => 'srs' },
  'identification/{method}': { value: () => 'video' },
  'webhooks/{provider}': { value: (_w, _n, path) => (path.includes('/payments/') ? 'sandbox' : 'srs') },
  'activities/{kind}': { value: () => 'accounts' },
  // nobody has this address: the operator's answer says so, anyone else's is a refusal
  'staff/{email}': { value: () => 'nobody@elsewhere.example' },
  'pages/{n}': { value: () => '1' },
  'ca/{file}': { value: () => 'root.cer' },
  'crl/{file}': { value: () => 'root.crl' },
  'ocsp/{request}': { value: () => 'MAA=' },
};

const webhookOf = (w: World, path: string) => (path.startsWith('/v1/user/') ? w.a.ownWebhook : w.a.webhook);

/** The key of PATH_PARAMS for each `{param}` of a path. */
export function paramKeys(path: string): { param: string; key: string }[] {
  const segments = path.split('/');
  return segments.flatMap((segment, i) => {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!param) return [];
    const literal = segments
      .slice(0, i)
      .reverse()
      .find((s) => !s.startsWith('{'));
    return [{ param, key: `${literal}/{${param}}` }];
  });
}

const CONSENT = { accepted: true, version: SIGNING_CONSENT_VERSION, language: 'en' };
const visual = () => ({ alias: unique('matrix '), name: 'Matrix Signature' });
const elsewhere = (local: string) => `${unique(local)}@elsewhere.example`;

/**
 * A valid body (camelCase, as the contract's schema reads it) for each call whose schema refuses
 * `{}`, so a refusal is the authorization's and not validation's. Nothing here carries the canary
 * but the operator's verification, which must name A's organisation as it is (whoever else sends
 * it gets a 401 that echoes nothing), and nothing uses up a principal: wrong passwords keep every
 * account and session as they were.
 */
export const BODIES: Partial<Record<EndpointName, (w: World) => object>> = {
  // a password the policy refuses before anything is hashed: thirteen sign-ups would take seconds
  register: () => ({ email: elsewhere('new'), password: 'short', firstName: 'New', lastName: 'Person' }),
  requestConfirmation: () => ({ email: elsewhere('nobody') }),
  reportClientError: () => ({ kind: 'error', message: 'matrix error', path: '/dashboard' }),
  // a wallet's answer to a request nobody made: whoever sends it, the state names no request
  walletResponse: () => ({ state: 'x'.repeat(43), vpToken: 'not-a-presentation' }),
  validConfirmation: () => ({ token: 'x'.repeat(40) }),
  // a new address each time: an address's failed logins make its next attempt wait (ADR 045)
  login: () => ({ email: elsewhere('nobody'), password: 'not the password' }),
  deleteUser: () => ({ password: 'not the password' }),
  checkPassword: () => ({ password: 'short' }),
  changePassword: () => ({ old: 'not the password', new: 'another horse battery staple' }),
  requestReset: () => ({ email: elsewhere('nobody') }),
  resetPassword: () => ({ token: 'x'.repeat(40), new: 'another horse battery staple' }),
  // A's invitation, addressed to someone else: nobody joins A with its id but the invitee
  acceptTerms: (w) => ({ gtc: true, businessInvite: true, businessInviteId: w.a.inviteId }),
  createVisualSignature: visual,
  updateVisualSignature: visual,
  previewVisualSignatureDraft: visual,
  // A's signer group: a stranger must not send to it (and learn its members' addresses)
  createSignatureRequest: (w) => ({ title: 'Matrix request', signatures: [{ groupId: w.a.groupId }] }),
  setFields: (w) => ({
    fields: [
      {
        id: 'matrix-field',
        documentId: w.a.draft.documentId,
        signerId: w.a.draft.signerId,
        kind: 'signature',
        page: 1,
        x: 50,
        y: 50,
        width: 120,
        height: 40,
      },
    ],
  }),
  delegateSignature: () => ({ email: elsewhere('delegate') }),
  addSigner: () => ({ signerIdentityData: { emailAddress: elsewhere('added') } }),
  addObserver: () => ({ email: elsewhere('observer') }),
  sign: (w) => ({ signatureRequests: [{ signatureRequestId: w.a.open.id }], consent: CONSENT }),
  directSign: (w) => ({ signatureRequests: [{ signatureRequestId: w.a.open.id }], consent: CONSENT }),
  mabCreatePar: () => ({ consent: CONSENT }),
  mabRedirectSign: (w) => ({ params: { state: `${w.a.open.id}.no-such-state`, code: 'no-such-code' } }),
  swisscomProceed: () => ({ consent: CONSENT, pwdotp: { password: 'matrix-pass-1', otp: '000000' } }),
  directSwisscomProceed: () => ({ consent: CONSENT, pwdotp: { password: 'matrix-pass-1', otp: '000000' } }),
  mobileIdSign: () => ({ consent: CONSENT, mobile: '+41 79 000 00 01' }),
  celloReferral: () => ({ ucc: 'matrix-referral' }),
  directDelegate: () => ({ email: elsewhere('delegate') }),
  // a TAN nobody was sent: only the link's own signer may even be told so
  directTanCheck: () => ({ tan: '000000' }),
  verificationRespond: () => ({ secret: '000000' }),
  createSendto: () => ({ email: elsewhere('heir') }),
  createBusiness: () => ({ name: 'Matrix Business', acceptGtc: true, acceptDpa: true }),
  changeToAdmins: (w) => ({ userIds: [w.a.spare.id] }),
  changeToMembers: (w) => ({ userIds: [w.a.spare.id] }),
  inviteBusinessMembers: () => ({ users: [{ email: elsewhere('invitee') }] }),
  removeBusinessMembers: (w) => ({ userIds: [w.a.spare.id] }),
  addBusinessDomain: () => ({ domain: 'matrix-domain.example' }),
  answerSatisfactionSurvey: () => ({ occasion: 'first_send', outcome: 'dismissed' }),
  answerRelationshipSurvey: () => ({ outcome: 'dismissed' }),
  createSignerGroup: () => ({ name: unique('Matrix group '), members: [elsewhere('grouped')] }),
  createSeal: () => ({ name: unique('matrix-seal'), label: 'Matrix seal' }),
  createTemplate: () => ({ name: unique('Matrix template ') }),
  // A's template for someone else: a stranger must not send it (nor learn its documents)
  useTemplate: () => ({ roles: [{ roleId: 'role-1', email: elsewhere('role') }], send: false }),
  previewBulkSend: () => ({ csv: `role email\n${elsewhere('row')}\n` }),
  updateSeal: () => ({ label: 'Relabelled seal' }),
  addSealMembers: (w) => ({ members: [w.a.spare.id] }),
  removeSealMembers: (w) => ({ members: [w.a.spare.id] }),
  updateApiUser: () => ({ description: 'Renamed ERP' }),
  createBusinessWebhook: () => ({
    url: 'https://hooks.elsewhere.example/new',
    events: ['signature_request.sent'],
  }),
  createUserWebhook: () => ({
    url: 'https://hooks.elsewhere.example/own',
    events: ['signature_request.sent'],
  }),
  // single sign-on (ADR 075): an address no business proved, a state never issued, a link never made
  startSso: () => ({ email: elsewhere('sso') }),
  // an agent's first message to the MCP server (ADR 095): only an API user gets past the edge
  mcpMessage: () => ({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'matrix', version: '1' } },
  }),
  scimCreateUser: () => scimUser,
  scimReplaceUser: () => scimUser,
  scimPatchUser: () => ({
    schemas: [SCIM_PATCH_SCHEMA],
    Operations: [{ op: 'replace', path: 'active', value: false }],
  }),
  completeSso: () => ({ query: 'code=matrix&state=never-issued' }),
  completeEidPlusSignUp: () => ({ query: 'code=matrix&state=never-issued' }),
  completeIdAustria: () => ({ query: 'code=matrix&state=never-issued' }),
  directCompleteIdAustria: () => ({ query: 'code=matrix&state=never-issued' }),
  linkSso: () => ({ linkToken: 'x'.repeat(40), password: 'not the password' }),
  putBusinessIdentityProvider: () => ({
    issuer: 'https://id.elsewhere.example',
    clientId: 'matrix',
    clientSecret: 'matrix-secret',
  }),
  updateBusinessBilling: () => ({
    address1: 'Matrix Street 2',
    city: 'Bern',
    country: 'CH',
    postalCode: '3000',
  }),
  updateBusinessBase: () => ({ type: 'pro' }),
  updateSeats: () => ({ seats: 10, timestamp: 'stale' }),
  previewSeats: () => ({ seats: 11 }),
  upgradeSubscription: () => ({ plan: 'pro', cycle: 'yearly', amountSeats: 10 }),
  previewUpgrade: () => ({ plan: 'scale', cycle: 'yearly', amountSeats: 10 }),
  createBusinessSetupIntent: () => ({ country: 'CH' }),
  validatePromoCode: () => ({ promoCode: 'NOPE', plan: 'pro', cycle: 'yearly' }),
  previewDirectUpgrade: () => ({ plan: 'individual', cycle: 'yearly' }),
  createDirectSetupIntent: () => ({ country: 'CH' }),
  confirmDirectUpgrade: () => ({ plan: 'individual', cycle: 'yearly' }),
  updateUserBase: () => ({ type: 'individual' }),
  approveVouchedName: () => ({ name: 'Matrix Vouched' }),
  // A's organisation as it is: the operator's verification is recorded, anyone else's refused
  verifyBusiness: (w) => w.a.organisation,
  refuseBusinessVerification: () => ({ reason: 'Matrix refusal' }),
  revokeBusinessVerification: () => ({ reason: 'Matrix revocation' }),
  // a notice long after the matrix has run: it shows on no call of the matrix
  setMaintenance: () => ({ mode: 'light', startsAt: '2099-01-01T00:00:00Z' }),
  // an identification for A's request: only someone who takes part in it may name it
  startIdentification: (w) => ({ signatureRequestId: w.a.open.id }),
  directStartIdentification: (w) => ({ signatureRequestId: w.a.open.id }),
};

/**
 * Queries for the calls whose schema needs more than the link token (which the principal brings).
 * The autocomplete is asked for A's canary: its addresses are what it must not offer strangers.
 */
export const QUERIES: Partial<Record<EndpointName, (w: World) => Record<string, string>>> = {
  emailAutocomplete: () => ({ input: 'canarya' }),
  // A's invitation id with an address it was not sent to: the pair, not the id, opens it
  getInvitationPreview: () => ({ email: elsewhere('stranger') }),
  // public like the logo it draws
  resizeImage: (w) => ({ url: `/v1/business-logos/${w.a.logoName}`, w: '40' }),
};

/** The file each multipart part gets: a one-page PDF, or a small PNG for images and logos. */
export const UPLOAD_FILES: Readonly<Record<string, 'pdf' | 'png'>> = {
  documents: 'pdf',
  document: 'pdf',
  attachments: 'pdf',
  image: 'png',
  logo: 'png',
  file: 'pdf',
};

/**
 * What a successful call uses up beyond the things its path names: a session ended, a person
 * removed, the link holder's signature given. The principal that made the call is passed along.
 */
export const AFTER_SUCCESS: Partial<Record<EndpointName, Renewable | 'session' | 'spare'>> = {
  logout: 'session',
  removeBusinessMembers: 'spare',
  sign: 'open',
  directSign: 'open',
  directDecline: 'open',
  directDelegate: 'open',
  revokeBusinessVerification: 'verification',
};
