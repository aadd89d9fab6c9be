// The principals of the authorization matrix and one call of an endpoint as one of them: the
// contract's path with business A's ids put in, the credentials the principal holds, and a body,
// query or upload that passes validation. `fixtureGaps` lists what the fixtures cannot fill.
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { LINK_TOKEN_HEADER, snakeKeys, type Endpoint, type EndpointName } from '@countersign/contract';
import { generatedPdf, multipart } from '../pdfs.js';
import { BODIES, PATH_PARAMS, QUERIES, UPLOAD_FILES, paramKeys } from './fixtures.js';
import type { ApiUser, Person, World } from './world.js';

export const SAME_BUSINESS = ['owner', 'admin', 'member', 'api_user', 'link_holder'] as const;
export const FOREIGN = [
  'b_admin',
  'b_member',
  'b_api_user',
  'other_link_holder',
  'anonymous',
  'garbage_bearer',
  'garbage_basic',
  'garbage_link',
] as const;
/**
 * The principals the checked-in table records: A's own, and the installation's operator, who may
 * see every business through the operator API (ADR 062) and nothing through any other call.
 */
export const TABLED = [...SAME_BUSINESS, 'operator'] as const;
export type SamePrincipal = (typeof SAME_BUSINESS)[number];
export type TabledPrincipal = (typeof TABLED)[number];
export type ForeignPrincipal = (typeof FOREIGN)[number];
export type PrincipalName = TabledPrincipal | ForeignPrincipal;

/** The operator API's token (`OPERATOR_API_TOKEN`) of the matrix's app. */
export const OPERATOR_TOKEN = 'matrix-operator-token-of-forty-characters';

/**
 * What a principal presents: a person's session, an API user's Basic, a link token, the
 * operator's token, or junk.
 */
export type Credentials =
  | { kind: 'person'; person: Person }
  | { kind: 'api_user'; apiUser: ApiUser }
  | { kind: 'link_holder'; token: string }
  | { kind: 'operator'; token: string }
  | { kind: 'anonymous' }
  | { kind: 'garbage'; headers: Record<string, string> };

/** A documentation address (RFC 5737): the matrix's calls come from the internet. */
const CLIENT_ADDRESS = '203.0.113.9';
const JUNK = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXpxdXV6cXV1eg';

const basic = (username: string, secret: string) =>
  `Basic ${Buffer.from(`${username}:${secret}`).toString('base64')}`;
const person = (who: Person): Credentials => ({ kind: 'person', person: who });
const apiUser = (who: ApiUser): Credentials => ({ kind: 'api_user', apiUser: who });
const junk = (headers: Record<string, string>): Credentials => ({ kind: 'garbage', headers });

const PRINCIPALS: Readonly<Record<PrincipalName, (w: World) => Credentials>> = {
  owner: (w) => person(w.a.owner),
  admin: (w) => person(w.a.admin),
  member: (w) => person(w.a.member),
  api_user: (w) => apiUser(w.a.apiUser),
  link_holder: (w) => ({ kind: 'link_holder', token: w.a.open.linkToken }),
  operator: () => ({ kind: 'operator', token: OPERATOR_TOKEN }),
  b_admin: (w) => person(w.b.admin),
  b_member: (w) => person(w.b.member),
  b_api_user: (w) => apiUser(w.b.apiUser),
  other_link_holder: (w) => ({ kind: 'link_holder', token: w.c.open.linkToken }),
  anonymous: () => ({ kind: 'anonymous' }),
  garbage_bearer: () => junk({ authorization: `Bearer ${JUNK}` }),
  garbage_basic: () => junk({ authorization: basic('api_00000000000000000000', JUNK) }),
  garbage_link: () => junk({ [LINK_TOKEN_HEADER]: JUNK }),
};

/** What the principal presents, read from the world at the time of the call (sessions renew). */
export const credentialsOf = (w: World, principal: PrincipalName): Credentials => PRINCIPALS[principal](w);

function headersOf(credentials: Credentials): Record<string, string> {
  switch (credentials.kind) {
    case 'person':
      return { authorization: `Bearer ${credentials.person.token}` };
    case 'api_user':
      return { authorization: basic(credentials.apiUser.username, credentials.apiUser.secret) };
    case 'link_holder':
      return { [LINK_TOKEN_HEADER]: credentials.token };
    case 'operator':
      return { authorization: `Bearer ${credentials.token}` };
    case 'anonymous':
      return {};
    case 'garbage':
      return credentials.headers;
  }
}

/** What the fixtures lack to call the endpoint, each as a sentence saying what to add where. */
export function fixtureGaps(name: EndpointName, endpoint: Endpoint): string[] {
  const where = 'apps/server/src/test-support/authorization/fixtures.ts';
  const call = `${endpoint.method} ${endpoint.path} (${name})`;
  const gaps = paramKeys(endpoint.path)
    .filter(({ key }) => !PATH_PARAMS[key])
    .map(({ key }) => `${call}: add the path parameter '${key}' to PATH_PARAMS in ${where}`);
  if (endpoint.body && !endpoint.body.safeParse({}).success && !BODIES[name]) {
    gaps.push(`${call}: its body needs more than {}: add an example to BODIES in ${where}`);
  }
  const withToken = { token: JUNK };
  if (endpoint.query && !endpoint.query.safeParse(withToken).success && !QUERIES[name]) {
    gaps.push(`${call}: its query needs more than the link token: add an example to QUERIES in ${where}`);
  }
  for (const [part, spec] of Object.entries(endpoint.upload ?? {})) {
    if (spec.kind !== 'json' && !UPLOAD_FILES[part]) {
      gaps.push(`${call}: add the upload part '${part}' to UPLOAD_FILES in ${where}`);
    }
  }
  return gaps;
}

/**
 * Whose business the path names: A's, or B's (its id and its seal), the other parameters staying
 * A's, so that B's admin acts on its own business with A's people, API users or invitations.
 */
export type PathOwner = 'a' | 'b';
const B_PATH_PARAMS: Readonly<Record<string, (w: World) => string>> = {
  'businesses/{id}': (w) => w.b.businessId,
  'seals/{seal}': (w) => w.b.seal,
};

/** The endpoint's path with the world's values put in. */
export function pathIn(w: World, name: EndpointName, endpoint: Endpoint, owner: PathOwner = 'a'): string {
  let path = endpoint.path;
  for (const { param, key } of paramKeys(endpoint.path)) {
    const ofB = owner === 'b' ? B_PATH_PARAMS[key] : undefined;
    const value = ofB ? ofB(w) : PATH_PARAMS[key]!.value(w, name, endpoint.path);
    path = path.replace(`{${param}}`, encodeURIComponent(value));
  }
  return path;
}

let files: { pdf: Buffer; png: Buffer } | undefined;
async function sampleFiles() {
  files ??= {
    pdf: await generatedPdf(1, 'Matrix upload'),
    png: await sharp({ create: { width: 24, height: 12, channels: 3, background: '#335577' } })
      .png()
      .toBuffer(),
  };
  return files;
}

/** The body of the call as it goes on the wire, and the check that the example is still valid. */
async function payloadOf(w: World, name: EndpointName, endpoint: Endpoint) {
  const example = BODIES[name]?.(w) ?? (endpoint.body ? {} : undefined);
  if (example && endpoint.body) {
    const parsed = endpoint.body.safeParse(example);
    if (!parsed.success) {
      throw new Error(
        `${name}: the example in BODIES no longer passes the contract: ${parsed.error.message}`,
      );
    }
  }
  if (endpoint.upload) {
    const { pdf, png } = await sampleFiles();
    const parts = Object.entries(endpoint.upload);
    const json = parts.find(([, spec]) => spec.kind === 'json');
    const body = multipart(
      json && example ? { [json[0]]: JSON.stringify(snakeKeys(example)) } : {},
      parts
        .filter(([, spec]) => spec.kind !== 'json')
        .map(([part]) => {
          const kind = UPLOAD_FILES[part]!;
          const type = kind === 'pdf' ? 'application/pdf' : 'image/png';
          return { field: part, name: `matrix.${kind}`, bytes: kind === 'pdf' ? pdf : png, type };
        }),
    );
    return { payload: body.payload, headers: body.headers };
  }
  if (endpoint.fileBody) {
    // a few bytes that are no DER request: these calls are open to anyone and answer 400
    return {
      payload: Buffer.from([0x30, 0x00]),
      headers: { 'content-type': endpoint.fileBody.mediaTypes[0]! },
    };
  }
  if (example === undefined) return { headers: {} };
  return { payload: snakeKeys(example) as object, headers: {} };
}

export interface PreparedCall {
  options: InjectOptions;
  /** a label for messages: method, path with ids, who */
  label: string;
}

export async function prepareCall(
  w: World,
  name: EndpointName,
  endpoint: Endpoint,
  principal: PrincipalName,
  owner: PathOwner = 'a',
): Promise<PreparedCall> {
  const url = pathIn(w, name, endpoint, owner);
  const query = QUERIES[name]?.(w);
  const { payload, headers } = await payloadOf(w, name, endpoint);
  const options: InjectOptions = {
    method: endpoint.method,
    url,
    ...(query && { query }),
    ...(payload !== undefined && { payload }),
    headers: { ...headers, ...headersOf(credentialsOf(w, principal)) },
    // from elsewhere, as clients do: the sandbox pages (mailbox, SMS box) answer this machine only
    remoteAddress: CLIENT_ADDRESS,
  };
  return { options, label: `${endpoint.method} ${url} (${name}) as ${principal}` };
}

export const callOf = (app: FastifyInstance, call: PreparedCall) => app.inject(call.options);

/** Everything a call names (path, query, body; an upload's bytes as text), to look for A's ids in. */
export function sentText(call: PreparedCall): string {
  const { url, query, payload } = call.options;
  const body = Buffer.isBuffer(payload) ? payload.toString('latin1') : JSON.stringify(payload ?? '');
  return `${String(url)} ${JSON.stringify(query ?? {})} ${body}`;
}
