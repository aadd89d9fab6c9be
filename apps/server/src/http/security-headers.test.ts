// Every answer carries the security headers: the app's pages a policy that forbids framing
// (clickjacking of the signing page) and foreign scripts, JSON and files nosniff, and answers
// over HTTPS (directly or through a trusted proxy) HSTS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';

function cspOf(header: unknown): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values.join(' ')]),
  );
}

describe.each(testDatabases())('security headers (%s)', (kind) => {
  let direct: TestApp;
  let behindProxy: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Countersign</title>');
    const env = { WEB_DIST_DIR: webDist };
    direct = await createTestApp(kind, { env });
    behindProxy = await createTestApp(kind, { env: { ...env, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await Promise.all([direct?.close(), behindProxy?.close()]);
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('lets no other site frame the app or run scripts in it', async () => {
    for (const url of ['/', '/view/some-request', '/direct/sign?token=x']) {
      const res = await direct.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = cspOf(res.headers['content-security-policy']);
      expect(csp.get('frame-ancestors'), url).toBe("'none'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('img-src')).toContain('blob:');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('marks JSON answers, problems included, nosniff', async () => {
    for (const url of ['/api/openapi.json', '/v3/signature-requests', '/no/such/route']) {
      const res = await direct.app.inject({ url });
      expect(res.headers['content-type'], url).toMatch(/json/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('covers the sandbox pages, and their refusal to other machines', async () => {
    const page = await direct.app.inject({ url: '/sandbox/mail' });
    expect(cspOf(page.headers['content-security-policy']).get('frame-ancestors')).toBe("'none'");
    const refused = await direct.app.inject({ url: '/sandbox/mail', remoteAddress: '203.0.113.7' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS over HTTPS through a trusted proxy only', async () => {
    const https = { accept: 'text/html', 'x-forwarded-proto': 'https' };
    const proxied = await behindProxy.app.inject({ url: '/', headers: https });
    expect(proxied.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    const plain = await behindProxy.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // without TRUST_PROXY a client's own X-Forwarded-Proto says nothing
    const claimed = await direct.app.inject({ url: '/', headers: https });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});
