// The sandboxes show reset links and signing codes and confirm identities for whoever asks, so by
// default they answer only clients on the server's own machine, judged by an address that a
// client cannot forge with X-Forwarded-For.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../../test-support/test-app.js';

const remote = '203.0.113.7';

const sandboxCalls = [
  { method: 'GET', url: '/sandbox/mail.json' },
  { method: 'GET', url: '/sandbox/mail' },
  { method: 'GET', url: '/sandbox/sms.json' },
  { method: 'GET', url: '/sandbox/sms' },
  { method: 'GET', url: '/sandbox/identification/00000000-0000-0000-0000-000000000000' },
] as const;

describe.each(testDatabases())('sandbox access (%s)', (kind) => {
  let loopbackOnly: TestApp;
  let behindProxy: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    loopbackOnly = await createTestApp(kind);
    behindProxy = await createTestApp(kind, { env: { TRUST_PROXY: 'true' } });
    open = await createTestApp(kind, { env: { SANDBOX_ACCESS: 'anyone' } });
  });
  afterAll(async () => {
    await Promise.all([loopbackOnly?.close(), behindProxy?.close(), open?.close()]);
  });

  it.each(sandboxCalls)('refuses $method $url to another machine', async (call) => {
    const res = await loopbackOnly.app.inject({ ...call, remoteAddress: remote });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'sandbox.forbidden' });
    expect(res.body).not.toContain('messages');
  });

  it('answers this machine over IPv4 and IPv6', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await loopbackOnly.app.inject({ url: '/sandbox/mail.json', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json()).toHaveProperty('messages');
    }
  });

  it('leaves the rest of the service open to everyone', async () => {
    const res = await loopbackOnly.app.inject({ url: '/api/openapi.json', remoteAddress: remote });
    expect(res.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const res = await loopbackOnly.app.inject({
      url: '/sandbox/sms.json',
      remoteAddress: remote,
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses what an untrusted proxy on this machine forwards', async () => {
    for (const headers of [
      { 'x-forwarded-for': remote },
      { forwarded: `for=${remote}` },
      { 'x-real-ip': remote },
    ]) {
      const res = await loopbackOnly.app.inject({
        url: '/sandbox/sms.json',
        remoteAddress: '127.0.0.1',
        headers,
      });
      expect(res.statusCode, Object.keys(headers)[0]).toBe(403);
    }
  });

  it('behind a trusted proxy, judges the client the proxy saw, not what the client wrote', async () => {
    const spoofed = await behindProxy.app.inject({
      url: '/sandbox/sms.json',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': `127.0.0.1, ${remote}` },
    });
    expect(spoofed.statusCode).toBe(403);
    const local = await behindProxy.app.inject({
      url: '/sandbox/sms.json',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(local.statusCode).toBe(200);
  });

  it('opens to everyone with SANDBOX_ACCESS=anyone', async () => {
    const res = await open.app.inject({ url: '/sandbox/mail.json', remoteAddress: remote });
    expect(res.statusCode).toBe(200);
  });
});
