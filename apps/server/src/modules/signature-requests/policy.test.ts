// Who may call what, over HTTP, on SQLite and PostgreSQL: every request endpoint against every
// relation a caller can have (owner, signer, delegate, observer, link holder, stranger), on a
// draft and on an open request. Another account's request answers 404 and leaks nothing; a role
// that may never act gets 403; a role that may act, but not in this state, gets 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';
import { signUp } from '../../test-support/accounts.js';
import { generatedPdf, multipart } from '../../test-support/pdfs.js';
import { CONSENT } from '../../test-support/consent.js';

type Who = 'owner' | 'signer' | 'delegate' | 'observer' | 'stranger' | 'direct';
const people: Record<Exclude<Who, 'direct'>, string> = {
  owner: 'owner@example.org',
  signer: 'signer@example.org',
  // holds the signature that delegator@example.org passed on (set up below)
  delegate: 'delegate@example.org',
  observer: 'observer@example.org',
  stranger: 'stranger@example.org',
};

describe.each(testDatabases())('signature request policy over HTTP on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let draftId = '';
  let draftDocumentId = '';
  let openId = '';
  let directToken = '';
  let documentId = '';
  let attachmentId = '';
  const signatureIds: string[] = [];
  let spareObserverId = '';

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
          signatures: [
            { email: people.signer },
            { email: 'guest@example.org' },
            { email: 'delegator@example.org' },
          ],
          observers: [people.observer, 'spare@example.org'],
        }),
      },
      [
        { field: 'documents', name: 'policy.pdf', bytes: await generatedPdf(1, 'Policy') },
        { field: 'attachments', name: 'terms.txt', bytes: Buffer.from('Terms of the policy test\n') },
      ],
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
    t = await createTestApp(kind);
    for (const [who, email] of Object.entries(people)) tokens[who] = await signUp(t.app, email, who);
    tokens['delegator'] = await signUp(t.app, 'delegator@example.org', 'delegator');
    const draft = await newRequest('Draft');
    draftId = draft.id;
    draftDocumentId = draft.documents[0].id;
    const open = await newRequest('Open');
    openId = open.id;
    documentId = open.documents[0].id;
    attachmentId = open.attachments[0].id;
    spareObserverId = open.observers.find((o: { email: string }) => o.email === 'spare@example.org').id;
    await call('owner', 'POST', `/v3/signature-requests/${openId}/initiate`);
    const delegated = await t.app.inject({
      method: 'POST',
      url: `/v3/signature-requests/${openId}/delegate`,
      payload: { email: people.delegate, message: 'over to you' },
      headers: { authorization: `Bearer ${tokens['delegator']}` },
    });
    expect(delegated.statusCode, delegated.body).toBe(200);
    signatureIds.push(...delegated.json().signatures.map((s: { id: string }) => s.id));
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
    expect(await statusOf('owner', 'GET', `/v3/documents/${draftDocumentId}/pages/1?scale=20`)).toBe(200);
    for (const who of ['signer', 'delegate', 'observer', 'stranger'] as const) {
      expect(await statusOf(who, 'GET', `/v3/documents/${draftDocumentId}/pages/1?scale=20`), who).toBe(404);
      expect(await statusOf(who, 'GET', `/v3/signature-requests/${draftId}`), who).toBe(404);
      expect(await statusOf(who, 'GET', `/v3/signature-requests/${draftId}/events`), who).toBe(404);
      expect(await statusOf(who, 'POST', `/v3/signature-requests/${draftId}/initiate`), who).toBe(404);
    }
  });

  // Expected statuses per caller. Readers: everyone who takes part, once the request is sent.
  // A caller left out would succeed and change the request for the cases after it (a signer
  // signing, declining); the owner comes last where its success removes something.
  const readers = { owner: 200, signer: 200, delegate: 200, observer: 200, stranger: 404, direct: 200 };
  const { direct: _, ...readersWithSession } = readers; // calls without a /v3/direct/ variant
  const ownersOnly = { signer: 403, delegate: 403, observer: 403, stranger: 404 };
  const r = (path = '') => `/v3/signature-requests/${openId}${path}`;
  const cases: {
    name: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: () => string;
    body?: unknown;
    expected: Partial<Record<Who, number>>;
  }[] = [
    { name: 'view', method: 'GET', url: () => r(), expected: readers },
    { name: 'status', method: 'GET', url: () => r('/status'), expected: readersWithSession },
    {
      name: 'signature status',
      method: 'GET',
      url: () => r(`/signatures/${signatureIds[0]}/status`),
      expected: readersWithSession,
    },
    { name: 'events', method: 'GET', url: () => r('/events'), expected: readers },
    { name: 'lock status', method: 'GET', url: () => r('/lock-status'), expected: readers },
    { name: 'zip', method: 'GET', url: () => r('/zip'), expected: readers },
    { name: 'report', method: 'GET', url: () => r('/report?type=json'), expected: readers },
    {
      name: 'document',
      method: 'GET',
      url: () => `/v3/documents/${documentId}`,
      expected: readersWithSession,
    },
    { name: 'download', method: 'GET', url: () => `/v3/documents/${documentId}/download`, expected: readers },
    {
      name: 'page image',
      method: 'GET',
      url: () => `/v3/documents/${documentId}/pages/1?scale=20`,
      expected: readers,
    },
    {
      name: 'attachment',
      method: 'GET',
      url: () => r(`/attachments/${attachmentId}`),
      expected: readersWithSession,
    },
    {
      name: 'attachment content',
      method: 'GET',
      url: () => r(`/attachments/${attachmentId}/content`),
      expected: readers,
    },
    {
      name: 'delete attachment of open request',
      method: 'DELETE',
      url: () => r(`/attachments/${attachmentId}`),
      expected: { ...ownersOnly, owner: 409 },
    },
    {
      name: 'initiate again',
      method: 'POST',
      url: () => r('/initiate'),
      expected: { ...ownersOnly, owner: 409 },
    },
    { name: 'remind', method: 'POST', url: () => r('/remind'), expected: { ...ownersOnly, owner: 200 } },
    {
      name: 'add observer',
      method: 'POST',
      url: () => r('/observers'),
      body: { email: 'late@example.org' },
      expected: ownersOnly,
    },
    {
      name: 'remove observer',
      method: 'DELETE',
      url: () => r(`/observers/${spareObserverId}`),
      expected: { ...ownersOnly, owner: 200 },
    },
    {
      name: 'add signer to open request',
      method: 'POST',
      url: () => r('/signatures'),
      body: { signer_identity_data: { email_address: 'x@example.org' } },
      expected: { ...ownersOnly, owner: 409 },
    },
    {
      name: 'delete open request',
      method: 'DELETE',
      url: () => r(),
      expected: { ...ownersOnly, owner: 409 },
    },
    {
      name: 'delete document of open request',
      method: 'DELETE',
      url: () => `/v3/documents/${documentId}`,
      expected: { ...ownersOnly, owner: 409 },
    },
    {
      name: 'delete document of open request through the request',
      method: 'DELETE',
      url: () => r(`/documents/${documentId}`),
      expected: { ...ownersOnly, owner: 409 },
    },
    {
      name: 'sign',
      method: 'POST',
      url: () => '/v3/sign',
      body: () => ({ consent: CONSENT, signature_requests: [{ signature_request_id: openId }] }),
      expected: { owner: 403, observer: 403, stranger: 404 },
    },
    {
      name: 'withdraw',
      method: 'POST',
      url: () => r('/withdraw'),
      body: { message: 'x' },
      expected: ownersOnly,
    },
    {
      name: 'decline',
      method: 'POST',
      url: () => r('/decline'),
      body: { message: 'x' },
      expected: { owner: 403, observer: 403, stranger: 404 },
    },
    {
      // one hop: a delegate cannot pass the signature on again
      name: 'delegate',
      method: 'POST',
      url: () => r('/delegate'),
      body: { email: 'deputy@example.org' },
      expected: { owner: 403, delegate: 403, observer: 403, stranger: 404 },
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
    expect(await actions('delegate')).toEqual(expect.arrayContaining(['sign', 'decline']));
    expect(await actions('delegate')).not.toContain('delegate');
  });
});
