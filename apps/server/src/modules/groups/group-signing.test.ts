// A signer group in a request over HTTP on SQLite and PostgreSQL (ADR 056): a member of the
// business sends a request to its group; every member is invited (those without an account to
// create one with their address); the second member signs for the group and takes its place;
// the others are told and can no longer sign; the activity report and the signature protocol (in
// the reader's language) name the group; a group of another business cannot be added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestWithFiles, mailsTo, signUp } from '../../test-support/accounts.js';
import { jsonCaller } from '../../test-support/business.js';
import { CONSENT } from '../../test-support/consent.js';
import { generatedPdf } from '../../test-support/pdfs.js';
import { readSignatures } from '@countersign/pdf';
import { pdfText } from '../../test-support/pdftotext.js';
import { signerSignatures } from '../../test-support/pdfsig.js';
import { signAs } from '../../test-support/requests.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

describe.each(testDatabases())('a signer group signing on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let anna: string;
  let ben: string;
  let businessId: string;
  let groupId: string;
  const call = (...args: Parameters<ReturnType<typeof jsonCaller>>) => jsonCaller(t.app)(...args);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, 'admin@board.example', 'Ada');
    anna = await signUp(t.app, 'anna@board.example', 'Anna');
    ben = await signUp(t.app, 'ben@board.example', 'Ben');
    businessId = (
      await call('POST', '/v2/businesses', admin, { name: 'Board Inc', accept_gtc: true, accept_dpa: true })
    ).json().id;
    groupId = (
      await call('POST', '/v3/groups', admin, {
        name: 'Board',
        members: ['anna@board.example', 'ben@board.example', 'carl@board.example'],
      })
    ).json().id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the second member sign for the group, and tells the others', async () => {
    const created = await createRequestWithFiles(
      t.app,
      admin,
      { title: 'Minutes', signatures: [{ group_id: groupId }] },
      [{ name: 'minutes.pdf', bytes: await generatedPdf(1, 'Minutes') }],
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json().signatures[0]).toMatchObject({
      email: '',
      status: 'pending',
      group: {
        id: groupId,
        name: 'Board',
        members: ['anna@board.example', 'ben@board.example', 'carl@board.example'],
      },
    });
    // a later change to the group changes no request
    await call('PUT', `/v3/groups/${groupId}`, admin, { members: ['anna@board.example'] });
    expect((await call('POST', `/v3/signature-requests/${id}/initiate`, admin)).statusCode).toBe(200);

    const invitations = async (to: string) =>
      (await mailsTo(t.app, to)).filter((m) => m.text.includes('Minutes') && /sign/i.test(m.subject));
    expect((await invitations('anna@board.example'))[0]?.text).toContain(`/view/${id}`);
    expect((await invitations('carl@board.example'))[0]?.text).toContain(
      '/signup?email=carl%40board.example',
    );
    // the request is in each member's inbox
    const inbox = (await call('GET', '/v3/signature-requests-redesign', anna)).json();
    expect(inbox.items.map((i: { id: string }) => i.id)).toContain(id);

    await signAs(t.app, ben, id);
    const after = (await call('GET', `/v3/signature-requests/${id}`, admin)).json();
    expect(after.status).toBe('completed');
    expect(after.signatures[0]).toMatchObject({
      email: 'ben@board.example',
      name: 'Ben Tester',
      status: 'signed',
      has_account: true,
      group: { name: 'Board' },
    });

    const told = async (to: string) =>
      (await mailsTo(t.app, to)).filter((m) => m.subject.startsWith('Signed for your group'));
    expect((await told('anna@board.example'))[0]?.text).toContain('Ben Tester signed "Minutes"');
    expect(await told('carl@board.example')).toHaveLength(1);
    expect(await told('ben@board.example')).toHaveLength(0);

    // the others may read the request, but the group's signature is given
    expect((await call('GET', `/v3/signature-requests/${id}`, anna)).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/v3/sign',
      headers: { authorization: `Bearer ${anna}` },
      payload: { consent: CONSENT, signature_requests: [{ signature_request_id: id }] },
    });
    expect([again.statusCode, again.json().code]).toEqual([409, 'signature_request.invalid_transition']);

    const events = (await call('GET', `/v3/signature-requests/${id}/events`, admin)).json();
    const signed = (events.events ?? events).find((e: { type: string }) => e.type === 'signed');
    expect(signed.data).toMatchObject({ signer: 'ben@board.example', group: { id: groupId, name: 'Board' } });

    const activity = (await call('GET', `/v2/businesses/${businessId}/activities/signatures`, admin)).json();
    expect(activity.items[0]).toMatchObject({ signer_email: 'ben@board.example', group_name: 'Board' });

    // the protocol names the member who signed, and the group they signed for, in the reader's language
    const report = await call('GET', `/v3/signature-requests/${id}/report?type=json`, admin);
    expect(report.json().signers[0]).toMatchObject({
      email: 'ben@board.example',
      group: { id: groupId, name: 'Board' },
    });
    const protocolText = async (token: string) => {
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/v3/signature-requests/${id}/report`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(pdf.statusCode).toBe(200);
      return pdfText(pdf.rawPayload, 'raw').replace(/\s+/g, ' ');
    };
    const english = await protocolText(admin);
    // the parties, the signature's validation and the signed event each say it
    expect(english.match(/for signer group Board/g)).toHaveLength(3);
    expect(english).toContain('ben@board.example (for signer group Board)');
    await call('PUT', '/v1/user', anna, { attributes: { lang: 'de' } });
    expect((await protocolText(anna)).match(/für die Unterzeichnergruppe Board/g)).toHaveLength(3);
  });

  it("states the group in the signature in the signing member's language, its name as given", async () => {
    const board = (
      await call('POST', '/v3/groups', admin, { name: 'Geschäftsleitung', members: ['anna@board.example'] })
    ).json().id;
    const created = await createRequestWithFiles(
      t.app,
      admin,
      { title: 'Beschluss', signatures: [{ group_id: board }] },
      [{ name: 'beschluss.pdf', bytes: await generatedPdf(1, 'Beschluss') }],
    );
    const id = created.json().id as string;
    expect((await call('POST', `/v3/signature-requests/${id}/initiate`, admin)).statusCode).toBe(200);
    await call('PUT', '/v1/user', anna, { attributes: { lang: 'de' } });
    await signAs(t.app, anna, id);
    const download = await t.app.inject({
      method: 'GET',
      url: `/v3/documents/${created.json().documents[0].id}/download?signed=true`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(download.statusCode).toBe(200);
    const [signature] = readSignatures(download.rawPayload).filter((s) => s.kind === 'signature');
    expect(signature?.reason).toBe('Unterzeichnet für die Unterzeichnergruppe Geschäftsleitung');
    // the reason is part of what is signed: pdfsig finds the signature intact
    expect(signerSignatures(download.rawPayload)).toEqual([{ commonName: expect.any(String), valid: true }]);
  });

  it('adds a group to a draft as one signer, and refuses a group of another business', async () => {
    const draft = (await call('POST', '/v3/signature-requests', admin, { title: 'Draft' })).json();
    const added = await call('POST', `/v3/signature-requests/${draft.id}/signatures`, admin, {
      signer_group_id: groupId,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().signatures[0].group.name).toBe('Board');
    const twice = await call('POST', `/v3/signature-requests/${draft.id}/signatures`, admin, {
      signer_group_id: groupId,
    });
    expect(twice.json().code).toBe('signature_request.duplicate_signer');
    const both = await call('POST', `/v3/signature-requests/${draft.id}/signatures`, admin, {
      signer_group_id: groupId,
      signer_identity_data: { email_address: 'x@board.example' },
    });
    expect(both.statusCode).toBe(400);

    const stranger = await signUp(t.app, 'stranger@else.example', 'Stan');
    const foreign = await call('POST', '/v3/signature-requests', stranger, {
      title: 'Foreign',
      signatures: [{ group_id: groupId }],
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'group.not_found']);
  });
});
