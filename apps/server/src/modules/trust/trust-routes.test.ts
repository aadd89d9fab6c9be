// The published trust services answer real clients: openssl fetches and checks certificates,
// CRLs, OCSP responses and time stamps over HTTP, on SQLite and PostgreSQL.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.js';
import { createTrustProvider } from './open-trust.js';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

const openssl = (args: string[]) =>
  execFileSync('openssl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe.each(testDatabases())('trust routes on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  const file = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    t = await createTestApp(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-trust-http-'));
    for (const name of ['root', 'ses-eidas']) {
      const res = await t.app.inject({ method: 'GET', url: `/trust/ca/${name}.cer` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pkix-cert');
      fs.writeFileSync(file(`${name}.cer`), res.rawPayload);
      openssl(['x509', '-inform', 'DER', '-in', file(`${name}.cer`), '-out', file(`${name}.pem`)]);
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps one hierarchy across restarts of the trust services', async () => {
    // A second process on the same database loads the hierarchy the first one generated.
    const reopened = await createTrustProvider(t.config, t.db.kysely, systemClock)();
    expect(Buffer.compare(Buffer.from(reopened.rootCertificate()), fs.readFileSync(file('root.cer')))).toBe(
      0,
    );
  });

  it('publishes the root and the chain at stable addresses, described in the OpenAPI document', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/api/trust/root.pem' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toBe('application/x-pem-file');
    expect(new X509Certificate(root.body).raw.equals(fs.readFileSync(file('root.cer')))).toBe(true);
    const chain = await t.app.inject({ method: 'GET', url: '/api/trust/chain.pem' });
    expect(chain.statusCode).toBe(200);
    fs.writeFileSync(file('anchor-root.pem'), root.body);
    fs.writeFileSync(file('anchor-chain.pem'), chain.body);
    // a recipient with these two files alone can check a signer's and a seal's certificate
    const trust = await createTrustProvider(t.config, t.db.kysely, systemClock)();
    const signer = await trust.issueSignerCertificate({
      quality: 'qes',
      legislation: 'zertes',
      email: 'q@example.ch',
      name: 'Q Z',
    });
    const seal = await trust.issueSealCertificate({ organisation: 'Acme AG', quality: 'aes' });
    for (const [name, der] of [
      ['signer', signer.certificate],
      ['seal', seal.certificate],
    ] as const) {
      fs.writeFileSync(file(`${name}.cer`), der);
      openssl(['x509', '-inform', 'DER', '-in', file(`${name}.cer`), '-out', file(`${name}.pem`)]);
      const verdict = openssl([
        'verify',
        '-CAfile',
        file('anchor-root.pem'),
        '-untrusted',
        file('anchor-chain.pem'),
        '-purpose',
        'smimesign',
        file(`${name}.pem`),
      ]);
      expect(verdict.trim()).toBe(`${file(`${name}.pem`)}: OK`);
    }
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/api/trust/root.pem'].get.operationId).toBe('getTrustRoot');
    expect(document.paths['/api/trust/chain.pem'].get.responses['200'].content).toHaveProperty(
      'application/x-pem-file',
    );
  });

  it('serves CRLs signed by their authority', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trust/crl/ses-eidas.crl' });
    expect(res.headers['content-type']).toBe('application/pkix-crl');
    fs.writeFileSync(file('ses.crl'), res.rawPayload);
    const out = execFileSync(
      'openssl',
      ['crl', '-inform', 'DER', '-in', file('ses.crl'), '-CAfile', file('ses-eidas.pem'), '-noout'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    expect(out).toBe('');
  });

  it('answers unknown authorities with a 404 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trust/crl/nobody.crl' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('trust.authority_not_found');
  });

  it('time-stamps an openssl query over HTTP', async () => {
    fs.writeFileSync(file('data.txt'), 'what we time-stamp');
    openssl(['ts', '-query', '-data', file('data.txt'), '-sha256', '-cert', '-out', file('q.tsq')]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/trust/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: fs.readFileSync(file('q.tsq')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/timestamp-reply');
    fs.writeFileSync(file('r.tsr'), res.rawPayload);
    const out = openssl([
      'ts',
      '-verify',
      '-data',
      file('data.txt'),
      '-in',
      file('r.tsr'),
      '-CAfile',
      file('root.pem'),
    ]);
    expect(out).toContain('Verification: OK');
  });

  // RFC 3161 2.4.2: a TSA answers a request it cannot parse with a TimeStampResp whose status
  // is rejection (badDataFormat), not with a transport error.
  it('rejects a garbage time-stamp query inside the protocol', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trust/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: Buffer.from('not der'),
    });
    expect(res.statusCode).toBe(200);
    fs.writeFileSync(file('bad.tsr'), res.rawPayload);
    const text = openssl(['ts', '-reply', '-in', file('bad.tsr'), '-text']);
    expect(text).toMatch(/Status: Rejected/);
    expect(text).toContain('not a DER TimeStampReq');
  });

  it('answers OCSP requests made by openssl, by POST and by GET', async () => {
    const trust = await createTrustProvider(t.config, t.db.kysely, systemClock)();
    const signer = await trust.issueSignerCertificate({
      quality: 'ses',
      legislation: 'eidas',
      email: 'ocsp@example.org',
    });
    fs.writeFileSync(file('leaf.cer'), signer.certificate);
    openssl(['x509', '-inform', 'DER', '-in', file('leaf.cer'), '-out', file('leaf.pem')]);
    openssl([
      'ocsp',
      '-issuer',
      file('ses-eidas.pem'),
      '-cert',
      file('leaf.pem'),
      '-no_nonce',
      '-reqout',
      file('req.der'),
    ]);
    const request = fs.readFileSync(file('req.der'));
    const byPost = await t.app.inject({
      method: 'POST',
      url: '/trust/ocsp',
      headers: { 'content-type': 'application/ocsp-request' },
      payload: request,
    });
    const byGet = await t.app.inject({
      method: 'GET',
      url: `/trust/ocsp/${encodeURIComponent(request.toString('base64'))}`,
    });
    for (const res of [byPost, byGet]) {
      expect(res.headers['content-type']).toBe('application/ocsp-response');
      fs.writeFileSync(file('resp.der'), res.rawPayload);
      const out = execFileSync(
        'openssl',
        [
          'ocsp',
          '-respin',
          file('resp.der'),
          '-CAfile',
          file('root.pem'),
          '-issuer',
          file('ses-eidas.pem'),
          '-cert',
          file('leaf.pem'),
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(out).toContain(': good');
    }
  });
});
