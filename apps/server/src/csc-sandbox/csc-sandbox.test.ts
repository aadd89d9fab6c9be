// The sandbox QTSP as the separate process it is, spoken to over HTTP as a real QTSP would be,
// on SQLite and PostgreSQL (it keeps its credentials in the database): credential authorisation
// by a pushed request (PAR with authorization_details) and by a plain code request, a batch of
// three documents' hashes under one authorisation, an expired SAD, wrong one-time codes up to a
// locked credential, and a provider that is down; each refusal as the catalogue code the server
// answers (the adapter's mapping).
import { createHash, createVerify, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CscClient,
  credentialAuthorisationUrl,
  encodePem,
  pushCredentialAuthorisation,
  signWithCredentialCode,
  type CscCredential,
} from '@countersign/trust';
import { createCscRemoteSigning } from '../providers/remote-signing/csc.js';
import { toSigningError } from '../providers/remote-signing/csc-errors.js';
import { AppError } from '../lib/app-error.js';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';
import {
  SANDBOX_CLIENT,
  consentAtSandbox,
  startCscSandbox,
  type RunningCscSandbox,
} from '../test-support/csc-sandbox.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('base64');
const codeOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => toSigningError(caught),
  );
  return error instanceof AppError ? error.code : String(error);
};

describe.each(testDatabases())('the sandbox QTSP process on %s', (kind) => {
  let t: TestApp;
  let qtsp: RunningCscSandbox;
  let client: CscClient;
  let credential: CscCredential;
  const redirectUri = 'http://countersign.test/mab/redirect';
  const documents = ['contract', 'annex', 'price list'].map((name) =>
    Buffer.from(`signed attributes of ${name}`),
  );

  beforeAll(async () => {
    t = await createTestApp(kind);
    qtsp = await startCscSandbox(t.config);
    const credentialId = await qtsp.enrol({
      userId: 'user-1:eidas',
      email: 'erin@example.org',
      name: 'Erin Remote',
      givenName: 'Erin',
      surname: 'Remote',
      country: 'DE',
      legislation: 'eidas',
    });
    client = new CscClient({
      serviceUrl: qtsp.baseUrl,
      oauth: { grant: 'client_credentials', ...SANDBOX_CLIENT },
      timeoutMs: 5_000,
    });
    credential = await client.loadCredential(credentialId);
  }, 120_000);
  afterAll(async () => {
    await qtsp?.close();
    await t?.close();
  });

  const request = (state = randomBytes(8).toString('hex')) => ({
    credentialId: credential.credentialId,
    hashes: documents.map(sha256),
    redirectUri,
    state,
  });
  const verifies = (data: Buffer, signature: Uint8Array) =>
    createVerify('sha256').update(data).verify(encodePem(credential.certificate), signature);

  it('announces the CSC v2 methods, PAR among them, and lists the enrolled credential', async () => {
    const info = await client.info();
    expect(info.specs).toMatch(/^2\./);
    expect(info.methods).toEqual(expect.arrayContaining(['oauth2/pushed_authorize', 'signatures/signHash']));
    expect(await client.listCredentials('user-1:eidas')).toEqual([credential.credentialId]);
    expect(credential.info.key.status).toBe('enabled');
  });

  it('signs three documents under one pushed authorisation, after the person typed the shown code', async () => {
    const pushed = await pushCredentialAuthorisation(client, request('batch-state'));
    expect(pushed.url).toContain('request_uri=urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3A');
    const consent = await consentAtSandbox(pushed.url);
    const back = new URL(consent.location!);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('batch-state');
    const signatures = await signWithCredentialCode(client, {
      code: back.searchParams.get('code')!,
      redirectUri,
      credentialId: credential.credentialId,
      keyAlgorithm: credential.keyAlgorithm,
      hashes: documents.map(sha256),
    });
    expect(signatures).toHaveLength(3);
    signatures.forEach((signature, i) => expect(verifies(documents[i]!, signature)).toBe(true));
    // the code is single use
    const again = signWithCredentialCode(client, {
      code: back.searchParams.get('code')!,
      redirectUri,
      credentialId: credential.credentialId,
      keyAlgorithm: credential.keyAlgorithm,
      hashes: documents.map(sha256),
    });
    expect(await codeOf(again)).toBe('signing.authorisation_invalid');
  });

  it('authorises by a plain code request too, and signs only the hashes it names', async () => {
    const consent = await consentAtSandbox(credentialAuthorisationUrl(client, request()));
    const code = new URL(consent.location!).searchParams.get('code')!;
    const other = sha256(Buffer.from('something the person never saw'));
    const refused = signWithCredentialCode(client, {
      code,
      redirectUri,
      credentialId: credential.credentialId,
      keyAlgorithm: credential.keyAlgorithm,
      hashes: [other],
    });
    expect(await codeOf(refused)).toBe('signing.qtsp_refused');
  });

  it('answers an expired SAD as such', async () => {
    const consent = await consentAtSandbox((await pushCredentialAuthorisation(client, request())).url);
    const token = await client.postForm<{ access_token: string }>('/oauth2/token', {
      grant_type: 'authorization_code',
      code: new URL(consent.location!).searchParams.get('code')!,
      redirect_uri: redirectUri,
      client_id: SANDBOX_CLIENT.clientId,
      client_secret: SANDBOX_CLIENT.clientSecret,
    });
    await qtsp.advance(6 * 60_000);
    try {
      const late = client.postWithToken(
        '/signatures/signHash',
        {
          credentialID: credential.credentialId,
          hashes: documents.map(sha256),
          hashAlgorithmOID: '2.16.840.1.101.3.4.2.1',
          signAlgo: '1.2.840.113549.1.1.11',
        },
        token.access_token,
      );
      expect(await codeOf(late)).toBe('signing.sad_expired');
    } finally {
      await qtsp.advance(-6 * 60_000);
    }
  });

  it('lets the person cancel, and locks the credential after three wrong codes', async () => {
    const denied = await consentAtSandbox((await pushCredentialAuthorisation(client, request())).url, {
      action: 'deny',
    });
    expect(new URL(denied.location!).searchParams.get('error')).toBe('access_denied');

    const url = (await pushCredentialAuthorisation(client, request())).url;
    const first = await consentAtSandbox(url, { otp: 'wrong' });
    expect(first.location).toBeUndefined();
    expect(first.page).toContain('invalid_otp');
    await consentAtSandbox(url, { otp: 'wrong' });
    const third = await consentAtSandbox(url, { otp: 'wrong' });
    const back = new URL(third.location!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toBe('credential_locked');

    expect((await client.loadCredential(credential.credentialId)).info.key.status).toBe('disabled');
    expect(await codeOf(pushCredentialAuthorisation(client, request()))).toBe('signing.credential_locked');
    await qtsp.advance(16 * 60_000);
    try {
      expect((await client.loadCredential(credential.credentialId)).info.key.status).toBe('enabled');
    } finally {
      await qtsp.advance(-16 * 60_000);
    }
  });

  it('reports a provider that does not answer, or is not there, as unavailable', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const adapter = (serviceUrl: string) =>
        createCscRemoteSigning({
          legislation: 'eidas',
          client: new CscClient({
            serviceUrl,
            oauth: { grant: 'client_credentials', ...SANDBOX_CLIENT },
            timeoutMs: 600,
          }),
        });
      const identity = {
        userId: 'user-1',
        legislation: 'eidas' as const,
        email: 'erin@example.org',
        givenName: 'Erin',
        surname: 'Remote',
        country: 'DE',
        mobile: '+41 79 000 00 00',
      };
      const started = Date.now();
      expect(await codeOf(adapter(`http://127.0.0.1:${port}/csc/v2`).credentialFor(identity))).toBe(
        'signing.qtsp_unavailable',
      );
      expect(Date.now() - started).toBeLessThan(5_000);
      silent.close();
      expect(await codeOf(adapter(`http://127.0.0.1:${port}/csc/v2`).credentialFor(identity))).toBe(
        'signing.qtsp_unavailable',
      );
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('refuses a client with the wrong secret as a configuration problem', async () => {
    const stranger = new CscClient({
      serviceUrl: qtsp.baseUrl,
      oauth: {
        grant: 'client_credentials',
        clientId: SANDBOX_CLIENT.clientId,
        clientSecret: 'not-the-secret',
      },
    });
    expect(await codeOf(stranger.listCredentials('user-1:eidas'))).toBe('signing.qtsp_refused');
  });
});
