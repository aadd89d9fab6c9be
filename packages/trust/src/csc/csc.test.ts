import 'reflect-metadata';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, createVerify } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OID, sealPolicyOid } from '../oids.js';
import type { TempTrust } from '../test-support.js';
import { openTempTrust, runOpenssl } from '../test-support.js';
import { CscClient } from './client.js';
import type { PendingRemoteSignature } from './protocol.js';
import { createCscSandbox } from './sandbox.js';
import type { CscCredentialStore, StoredCscCredential } from './sandbox-credentials.js';
import type { CscSandbox } from './sandbox.js';

const CLIENT = {
  clientId: 'countersign',
  clientSecret: 'sandbox-secret',
  redirectUris: ['http://localhost/cb'],
};

describe('CSC v2 client against the sandbox provider', () => {
  let temp: TempTrust;
  let sandbox: CscSandbox;
  let server: Server;
  let serviceUrl: string;
  let credentialId: string;

  beforeAll(async () => {
    temp = await openTempTrust();
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = (req.url ?? '/').replace(/^\/csc\/v2/, '');
        sandbox
          .handle({ method: req.method ?? 'GET', path, headers: req.headers, body: Buffer.concat(chunks) })
          .then((answer) => res.writeHead(answer.status, answer.headers).end(answer.body))
          .catch(() => res.writeHead(500).end());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/csc/v2`;
    sandbox = createCscSandbox({ trust: temp.trust, baseUrl: serviceUrl, clients: [CLIENT] });
    ({ credentialId } = await sandbox.enrolUser({
      userId: 'user-1',
      email: 'vera@example.ch',
      name: 'Vera Remote',
      legislation: 'zertes',
    }));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await temp.dispose();
  });

  const newClient = () =>
    new CscClient({
      serviceUrl,
      oauth: { grant: 'client_credentials', clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret },
    });

  it('describes itself at /info', async () => {
    const info = await newClient().info();
    expect(info.specs).toMatch(/^2\./);
    expect(info.oauth2).toBe(serviceUrl);
  });

  it('signs through the standard protocol with a qualified credential of our qes CA', async () => {
    const client = newClient();
    expect(await client.listCredentials('user-1')).toEqual([credentialId]);
    const credential = await client.loadCredential(credentialId);
    const signer = client.createSigner(credential, async ({ credentialId: id }) => ({
      otp: sandbox.readOtp(id),
    }));
    const data = Buffer.from('DER of the signed attributes');
    const signature = await signer.sign(data);

    const certificate = new x509.X509Certificate(signer.certificate);
    expect(signer.keyAlgorithm).toBe('RSA-2048');
    expect(certificate.subjectName.getField('CN')).toEqual(['Vera Remote']);
    expect(certificate.issuer).toContain('Qualified Signature CA (ZertES)');
    expect(certificate.extensions.some((extension) => extension.type === OID.qcStatements)).toBe(true);
    expect(createVerify('sha256').update(data).verify(certificate.publicKey.toString('pem'), signature)).toBe(
      true,
    );

    const root = await temp.writePem('root.pem', temp.trust.rootCertificate());
    const issuer = await temp.writePem('issuer.pem', signer.chain[0]!);
    const leaf = await temp.writePem('leaf.pem', signer.certificate);
    expect((await runOpenssl(['verify', '-CAfile', root, '-untrusted', issuer, leaf])).stdout.trim()).toBe(
      `${leaf}: OK`,
    );
  });

  it('resumes a pending signature from JSON in another client, and refuses a wrong OTP', async () => {
    const first = newClient();
    const credential = await first.loadCredential(credentialId);
    const data = Buffer.from('signed later');
    const pending = JSON.stringify(first.prepareRemoteSignature(credential, data));
    await first.sendOtp(credentialId);
    const otp = sandbox.readOtp(credentialId)!;

    const second = newClient();
    const restored = JSON.parse(pending) as PendingRemoteSignature;
    const wrong = otp === '000000' ? '111111' : '000000';
    await expect(second.completeRemoteSignature(restored, { otp: wrong })).rejects.toMatchObject({
      code: 'trust.csc_error',
    });
    const signature = await second.completeRemoteSignature(restored, { otp });
    const publicKey = new x509.X509Certificate(credential.certificate).publicKey.toString('pem');
    expect(createVerify('sha256').update(data).verify(publicKey, signature)).toBe(true);
    // the OTP is single use
    await expect(second.completeRemoteSignature(restored, { otp })).rejects.toMatchObject({
      code: 'trust.csc_error',
    });
  });

  it("issues an organisation's qualified seal credential, used without an OTP, unlike a person's", async () => {
    const { credentialId: sealCredential } = await sandbox.enrolSeal({
      userId: 'seal:contracts',
      organisation: 'Acme AG',
      commonName: 'Acme Contracts',
      country: 'CH',
    });
    const client = newClient();
    expect(await client.listCredentials('seal:contracts')).toEqual([sealCredential]);
    const credential = await client.loadCredential(sealCredential);
    expect(credential.info).toMatchObject({ authMode: 'implicit', SCAL: '1', OTP: { presence: 'false' } });
    const certificate = new x509.X509Certificate(credential.certificate);
    expect(certificate.subjectName.getField('O')).toEqual(['Acme AG']);
    expect(certificate.subjectName.getField('CN')).toEqual(['Acme Contracts']);
    expect(certificate.subjectName.getField('C')).toEqual(['CH']);
    expect(certificate.issuer).toContain('Qualified Signature CA (eIDAS)');
    const policies = certificate.getExtension(x509.CertificatePolicyExtension)?.policies;
    expect(policies).toEqual([sealPolicyOid('qes')]);

    const hash = createHash('sha256').update('sealed attributes').digest('base64');
    const [signature] = await client.signHashes(sealCredential, 'RSA-2048', [hash], {});
    const publicKey = certificate.publicKey.toString('pem');
    expect(createVerify('sha256').update('sealed attributes').verify(publicKey, signature!)).toBe(true);
    // a person's credential still wants the OTP sent to them
    await expect(client.signHashes(credentialId, 'RSA-2048', [hash], {})).rejects.toMatchObject({
      remoteError: 'invalid_otp',
    });
    const root = await temp.writePem('root.pem', temp.trust.rootCertificate());
    const issuer = await temp.writePem('seal-issuer.pem', credential.chain[0]!);
    const leaf = await temp.writePem('seal.pem', credential.certificate);
    expect((await runOpenssl(['verify', '-CAfile', root, '-untrusted', issuer, leaf])).stdout.trim()).toBe(
      `${leaf}: OK`,
    );
  });

  it('supports the authorization-code grant with a user-scoped token', async () => {
    const client = new CscClient({
      serviceUrl,
      oauth: {
        grant: 'authorization_code',
        clientId: CLIENT.clientId,
        clientSecret: CLIENT.clientSecret,
        redirectUri: 'http://localhost/cb',
      },
    });
    const redirect = await fetch(client.authorizationUrl('xyz', 'user-1'), { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!);
    expect(location.searchParams.get('state')).toBe('xyz');
    await client.exchangeAuthorizationCode(location.searchParams.get('code')!);
    expect(await client.listCredentials()).toEqual([credentialId]);
  });

  it('delivers the OTP, tells expired and locked OTPs apart, and signs several hashes with one OTP', async () => {
    let now = Date.now();
    const sent: { mobile: string | undefined; code: string }[] = [];
    const local = createCscSandbox({
      trust: temp.trust,
      baseUrl: 'http://sandbox.invalid/csc/v2',
      clients: [CLIENT],
      now: () => now,
      deliverOtp: async ({ mobile, code }) => {
        sent.push({ mobile, code });
      },
    });
    const { credentialId: id } = await local.enrolUser({
      userId: 'user-2',
      email: 'otto@example.ch',
      name: 'Otto Otp',
      legislation: 'eidas',
      mobile: '+41 79 555 55 55',
    });
    const client = new CscClient({
      serviceUrl: 'http://sandbox.invalid/csc/v2',
      oauth: { grant: 'client_credentials', clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret },
      fetch: async (input, init) => {
        const url = new URL(String(input));
        const answer = await local.handle({
          method: init?.method ?? 'GET',
          path: url.pathname.replace(/^\/csc\/v2/, ''),
          headers: Object.fromEntries(new Headers(init?.headers).entries()),
          body: String(init?.body ?? ''),
        });
        return new Response(answer.status === 204 ? null : answer.body, { status: answer.status });
      },
    });
    const credential = await client.loadCredential(id);
    const hashes = ['first', 'second'].map((text) =>
      Buffer.from(createHash('sha256').update(text).digest()).toString('base64'),
    );
    const remoteError = (promise: Promise<unknown>) =>
      promise.then(
        () => 'signed',
        (error: { remoteError?: string }) => error.remoteError,
      );

    await client.sendOtp(id);
    expect(sent.at(-1)?.mobile).toBe('+41 79 555 55 55');
    now += 5 * 60_000 + 1;
    expect(await remoteError(client.signHashes(id, 'RSA-2048', hashes, { otp: sent.at(-1)!.code }))).toBe(
      'otp_expired',
    );

    await client.sendOtp(id);
    const wrong = sent.at(-1)!.code === '000000' ? '111111' : '000000';
    expect(await remoteError(client.signHashes(id, 'RSA-2048', hashes, { otp: wrong }))).toBe('invalid_otp');
    expect(await remoteError(client.signHashes(id, 'RSA-2048', hashes, { otp: wrong }))).toBe('invalid_otp');
    expect(await remoteError(client.signHashes(id, 'RSA-2048', hashes, { otp: wrong }))).toBe('otp_locked');
    expect(await remoteError(client.signHashes(id, 'RSA-2048', hashes, { otp: sent.at(-1)!.code }))).toBe(
      'otp_locked',
    );

    await client.sendOtp(id);
    const signatures = await client.signHashes(id, 'RSA-2048', hashes, { otp: sent.at(-1)!.code });
    const publicKey = new x509.X509Certificate(credential.certificate).publicKey.toString('pem');
    expect(signatures).toHaveLength(2);
    expect(createVerify('sha256').update('second').verify(publicKey, signatures[1]!)).toBe(true);
  });

  it('plays the Swisscom step-up for ZertES credentials: password and code, its rules and its lock', async () => {
    let now = Date.now();
    const sent: { code: string }[] = [];
    const swisscom = createCscSandbox({
      trust: temp.trust,
      baseUrl: serviceUrl,
      clients: [CLIENT],
      now: () => now,
      pwdotpLegislations: ['zertes'],
      deliverOtp: async (otp) => void sent.push(otp),
    });
    const { credentialId: id } = await swisscom.enrolUser({
      userId: 'user-pwdotp',
      email: 'paul@example.ch',
      name: 'Paul Pwd',
      legislation: 'zertes',
    });
    const running = sandbox;
    sandbox = swisscom;
    try {
      const client = newClient();
      const credential = await client.loadCredential(id);
      expect(credential.info.PIN?.presence).toBe('true');
      const hashes = [Buffer.from(createHash('sha256').update('doc').digest()).toString('base64')];
      const attempt = (pin: string | undefined, otp: string) =>
        client.signHashes(id, 'RSA-2048', hashes, { otp, ...(pin === undefined ? {} : { pin }) }).then(
          () => 'signed',
          (error: { remoteError?: string; remoteDescription?: string }) =>
            `${error.remoteError}${error.remoteDescription === 'credential_locked' ? ':locked' : ''}`,
        );
      await client.sendOtp(id);
      const code = () => sent.at(-1)!.code;
      const wrong = () => (code() === '000000' ? '111111' : '000000');
      expect(await attempt(undefined, code())).toBe('weak_pin');
      expect(await attempt('alllettersonly', code())).toBe('weak_pin');
      now += 5 * 60_000 + 1;
      expect(await attempt('alpine2026', code())).toBe('otp_expired');
      await client.sendOtp(id);
      expect(await attempt('alpine2026', code())).toBe('signed');
      // the chosen password holds; wrong passwords and codes share three tries
      await client.sendOtp(id);
      expect(await attempt('alpine2027', code())).toBe('invalid_pin');
      expect(await attempt('alpine2026', wrong())).toBe('invalid_otp');
      expect(await attempt('alpine2027', code())).toBe('access_denied:locked');
      await client.sendOtp(id);
      expect(await attempt('alpine2026', code())).toBe('access_denied:locked');
      now += 15 * 60_000 + 1;
      await client.sendOtp(id);
      expect(await attempt('alpine2026', code())).toBe('signed');
    } finally {
      sandbox = running;
    }
  });

  it('keeps credentials in a store, keys encrypted: a sandbox started again signs with the same seal key', async () => {
    const rows: StoredCscCredential[] = [];
    const store: CscCredentialStore = {
      add: async (row) => void rows.push(row),
      ofUser: async (userId) => rows.filter((row) => row.userId === userId),
      setPassword: async (id, passwordHash) => {
        const row = rows.find((kept) => kept.credentialId === id);
        if (row) row.passwordHash = passwordHash;
      },
      setCertificates: async (id, certificates) => {
        const row = rows.find((kept) => kept.credentialId === id);
        if (row) row.certificates = certificates;
      },
    };
    const started = () =>
      createCscSandbox({ trust: temp.trust, baseUrl: serviceUrl, clients: [CLIENT], store });
    const running = sandbox;
    try {
      sandbox = started();
      const { credentialId: kept } = await sandbox.enrolSeal({
        userId: 'seal:kept',
        organisation: 'Acme AG',
      });
      const first = await newClient().loadCredential(kept);
      // the store holds the key only encrypted
      const row = rows[0]!;
      expect(JSON.stringify(row)).not.toContain('PRIVATE KEY');
      expect(Buffer.from(row.sealedKey.data, 'base64').length).toBeGreaterThan(1000);

      sandbox = started(); // a restart: nothing in memory
      const client = newClient();
      expect(await client.listCredentials('seal:kept')).toEqual([kept]);
      const again = await client.loadCredential(kept);
      expect(Buffer.from(again.certificate).equals(Buffer.from(first.certificate))).toBe(true);
      const hash = createHash('sha256').update('after the restart').digest('base64');
      const [signature] = await client.signHashes(kept, 'RSA-2048', [hash], {});
      const publicKey = new x509.X509Certificate(first.certificate).publicKey.toString('pem');
      expect(createVerify('sha256').update('after the restart').verify(publicKey, signature!)).toBe(true);

      // a kept row handed to another user does not open: its key is bound to its user
      rows.push({ ...row, credentialId: 'cred-moved', userId: 'seal:other' });
      sandbox = started();
      await expect(newClient().listCredentials('seal:other')).rejects.toThrow();
    } finally {
      sandbox = running;
    }
  });

  it('refuses unknown clients and missing tokens', async () => {
    const stranger = new CscClient({
      serviceUrl,
      oauth: { grant: 'client_credentials', clientId: 'x', clientSecret: 'y' },
    });
    await expect(stranger.listCredentials('user-1')).rejects.toThrow(/invalid_client/);
    const response = await fetch(`${serviceUrl}/credentials/list`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
  });
});
