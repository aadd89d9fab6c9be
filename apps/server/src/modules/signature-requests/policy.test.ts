// Who may call what, over HTTP: every request endpoint against every relation a caller can have
// (owner, signer, observer, link holder, stranger), on a draft and on an open request. Another
// account's request answers 404 and leaks nothing; a role that may never act gets 403; a role
// that may act, but not in this state, gets 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { signUp } from '../../test-support/accounts.js';
import { generatedPdf, multipart } from '../../test-support/pdfs.js';

type Who = 'owner' | 'signer' | 'observer' | 'stranger' | 'direct';
const people: Record<Exclude<Who, 'direct'>, string> = {
  owner: 'owner@example.org',
  signer: 'signer@example.org',
  observer: 'observer@example.org',
  stranger: 'stranger@example.org',
};

describe('signature request policy over HTTP', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let draftId = '';
  let openId = '';
  let directToken = '';
  let documentId = '';

  const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const direct = who === 'direct';
    const finalUrl = direct
      ? `${url.replace('/v3/', '/v3/direct/')}${url.includes('?') ? '&' : '?'}token=${directToken}`
      : url;
    return t.app.inject({
      method,
      url: finalUrl,
      ...(payload !== undefined && { payload: payload as object }),
      headers: direct ? {} : { authorization: `Bearer ${tokens[who]}` },
    });
  };

  async function newRequest(title: string) {
    const body = multipart(
      {
        payload: JSON.stringify({
          title,
          signatures: [{ email: people.signer }, { email: 'guest@example.org' }],
          observers: [people.observer],
        }),
      },
      [{ field: 'documents', name: 'policy.pdf', bytes: await generatedPdf(1, 'Policy') }],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/signature-requests',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${tokens['owner']}` },
    });
    return res.json();
  }

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    for (const [who, email] of Object.entries(people)) tokens[who] = await signUp(t.app, email, who);
    draftId = (await newRequest('Draft')).id;
    const open = await newRequest('Open');
    openId = open.id;
    documentId = open.documents[0].id;
    await call('owner', 'POST', `/v3/signature-requests/${openId}/initiate`);
    const mails = (await t.app.inject({ method: 'GET', url: '/sandbox/mail.json' })).json().messages;
    directToken = /token=([\w-]+)/.exec(
      mails.find((m: { to: string; text: string }) => m.to === 'guest@example.org' && m.text.includes(openId))
        .text,
    )![1]!;
  });
  afterAll(async () => {
    await t?.close();
  });

  const statusOf = async (
    who: Who,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => (await call(who, method, url, payload)).statusCode;

  it('keeps a draft private to its owner', async () => {
    expect(await statusOf('owner', 'GET', `/v3/signature-requests/${draftId}`)).toBe(200);
    for (const who of ['signer', 'observer', 'stranger'] as const) {
      expect(await statusOf(who, 'GET', `/v3/signature-requests/${draftId}`), who).toBe(404);
      expect(await statusOf(who, 'GET', `/v3/signature-requests/${draftId}/events`), who).toBe(404);
      expect(await statusOf(who, 'POST', `/v3/signature-requests/${draftId}/initiate`), who).toBe(404);
    }
  });

  const cases: {
    name: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: () => string;
    body?: unknown;
    expected: Partial<Record<Who, number>>;
  }[] = [
    {
      name: 'view',
      method: 'GET',
      url: () => `/v3/signature-requests/${openId}`,
      expected: { owner: 200, signer: 200, observer: 200, stranger: 404, direct: 200 },
    },
    {
      name: 'events',
      method: 'GET',
      url: () => `/v3/signature-requests/${openId}/events`,
      expected: { owner: 200, signer: 200, observer: 200, stranger: 404, direct: 200 },
    },
    {
      name: 'lock status',
      method: 'GET',
      url: () => `/v3/signature-requests/${openId}/lock-status`,
      expected: { owner: 200, signer: 200, observer: 200, stranger: 404, direct: 200 },
    },
    {
      name: 'zip',
      method: 'GET',
      url: () => `/v3/signature-requests/${openId}/zip`,
      expected: { owner: 200, signer: 200, observer: 200, stranger: 404, direct: 200 },
    },
    {
      name: 'document',
      method: 'GET',
      url: () => `/v3/documents/${documentId}`,
      expected: { owner: 200, signer: 200, observer: 200, stranger: 404 },
    },
    {
      name: 'download',
      method: 'GET',
      url: () => `/v3/documents/${documentId}/download`,
      expected: { owner: 200, signer: 200, observer: 200, stranger: 404, direct: 200 },
    },
    {
      name: 'page image',
      method: 'GET',
      url: () => `/v3/documents/${documentId}/pages/1?scale=20`,
      expected: { owner: 200, signer: 200, observer: 200, stranger: 404, direct: 200 },
    },
    {
      name: 'initiate again',
      method: 'POST',
      url: () => `/v3/signature-requests/${openId}/initiate`,
      expected: { owner: 409, signer: 403, observer: 403, stranger: 404 },
    },
    {
      name: 'remind',
      method: 'POST',
      url: () => `/v3/signature-requests/${openId}/remind`,
      expected: { owner: 200, signer: 403, observer: 403, stranger: 404 },
    },
    {
      name: 'add observer',
      method: 'POST',
      url: () => `/v3/signature-requests/${openId}/observers`,
      body: { email: 'late@example.org' },
      expected: { signer: 403, observer: 403, stranger: 404 },
    },
    {
      name: 'add signer to open request',
      method: 'POST',
      url: () => `/v3/signature-requests/${openId}/signatures`,
      body: { signer_identity_data: { email_address: 'x@example.org' } },
      expected: { owner: 409, signer: 403, stranger: 404 },
    },
    {
      name: 'delete open request',
      method: 'DELETE',
      url: () => `/v3/signature-requests/${openId}`,
      expected: { owner: 409, signer: 403, observer: 403, stranger: 404 },
    },
    {
      name: 'delete document of open request',
      method: 'DELETE',
      url: () => `/v3/documents/${documentId}`,
      expected: { owner: 409, signer: 403, stranger: 404 },
    },
    {
      name: 'sign',
      method: 'POST',
      url: () => '/v3/sign',
      body: () => ({ signature_requests: [{ signature_request_id: openId }] }),
      expected: { owner: 403, observer: 403, stranger: 404 },
    },
    {
      name: 'withdraw',
      method: 'POST',
      url: () => `/v3/signature-requests/${openId}/withdraw`,
      body: { message: 'x' },
      expected: { signer: 403, observer: 403, stranger: 404 },
    },
    {
      name: 'decline',
      method: 'POST',
      url: () => `/v3/signature-requests/${openId}/decline`,
      body: { message: 'x' },
      expected: { owner: 403, observer: 403, stranger: 404 },
    },
    {
      name: 'delegate',
      method: 'POST',
      url: () => `/v3/signature-requests/${openId}/delegate`,
      body: { email: 'deputy@example.org' },
      expected: { owner: 403, observer: 403, stranger: 404 },
    },
  ];

  it.each(cases)('$name', async ({ method, url, body, expected }) => {
    for (const [who, status] of Object.entries(expected) as [Who, number][]) {
      const payload = typeof body === 'function' ? (body as () => unknown)() : body;
      const res = await call(who, method, url(), payload);
      expect(res.statusCode, `${who}: ${res.body.slice(0, 200)}`).toBe(status);
      if (status === 404) expect(res.body).not.toContain('Open');
    }
  });

  it('keeps the invitation link working after a reminder, until the request ends', async () => {
    // 'remind' ran above: the link from the invitation still opens the request
    expect((await call('direct', 'GET', `/v3/signature-requests/${openId}`)).statusCode).toBe(200);
  });

  it('shows each relation its own allowed actions', async () => {
    const actions = async (who: Who) =>
      (await call(who, 'GET', `/v3/signature-requests/${openId}`)).json().you.allowed_actions as string[];
    expect(await actions('owner')).toEqual(expect.arrayContaining(['withdraw', 'remind', 'add_observer']));
    expect(await actions('owner')).not.toContain('sign');
    expect(await actions('signer')).toEqual(expect.arrayContaining(['sign', 'decline']));
    expect(await actions('signer')).not.toContain('withdraw');
    expect(await actions('observer')).not.toContain('sign');
    expect(await actions('direct')).toEqual(expect.arrayContaining(['sign', 'decline']));
  });
});
