// The third-party services (analytics and the user-guidance tool) are off
// until the operator configures them: a default installation tells the web app none and its
// Content-Security-Policy names no other origin; configured, /api/config names each service and the
// policy allows its script origin, and only that. Half a service's settings, or a plain-HTTP script
// on another host, stops the server at start with the setting to fix.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thirdPartiesOf, scriptOrigins } from '../config-third-parties.js';
import { createTestApp, testDatabases, type TestApp } from '../test-support/test-app.js';

const configured = {
  ANALYTICS_SCRIPT_URL: 'https://plausible.example/js/script.js',
  ANALYTICS_SITE_ID: 'sign.example.org',
  USER_GUIDANCE_SCRIPT_URL: 'https://guide.example/sdk/latest.js',
  USER_GUIDANCE_APP_TOKEN: 'NX-12345',
};

describe('third-party settings', () => {
  it('are all off by default, empty values included', () => {
    expect(thirdPartiesOf({ ANALYTICS_SCRIPT_URL: '', ANALYTICS_SITE_ID: '' })).toEqual({
      analytics: undefined,
      userGuidance: undefined,
    });
  });

  it('name each configured service and the script origins the pages must allow', () => {
    const config = thirdPartiesOf(configured);
    expect(config.analytics).toEqual({ scriptUrl: configured.ANALYTICS_SCRIPT_URL, id: 'sign.example.org' });
    expect(scriptOrigins(config)).toEqual(['https://plausible.example', 'https://guide.example']);
  });

  it('refuse half a service and a plain-HTTP script on another host', () => {
    expect(() => thirdPartiesOf({ ANALYTICS_SCRIPT_URL: configured.ANALYTICS_SCRIPT_URL })).toThrow(
      'ANALYTICS_SCRIPT_URL and ANALYTICS_SITE_ID go together',
    );
    expect(() =>
      thirdPartiesOf({
        USER_GUIDANCE_SCRIPT_URL: 'http://guide.example/sdk.js',
        USER_GUIDANCE_APP_TOKEN: 'x',
      }),
    ).toThrow(/USER_GUIDANCE_SCRIPT_URL: must be an https:\/\/ address/);
    const local = { ANALYTICS_SCRIPT_URL: 'http://localhost:8000/js/script.js', ANALYTICS_SITE_ID: 'dev' };
    expect(thirdPartiesOf(local).analytics?.scriptUrl).toBe(local.ANALYTICS_SCRIPT_URL);
  });
});

describe.each(testDatabases())('third-party services in the app (%s)', (kind) => {
  let plain: TestApp;
  let withServices: TestApp;
  let webDist: string;
  const scriptSrc = async (t: TestApp) => {
    const page = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    const policy = String(page.headers['content-security-policy']);
    return /(?:^|;)script-src ([^;]*)/.exec(policy)?.[1];
  };

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'countersign-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Countersign</title>');
    plain = await createTestApp(kind, { env: { WEB_DIST_DIR: webDist } });
    withServices = await createTestApp(kind, { env: { WEB_DIST_DIR: webDist, ...configured } });
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), withServices?.close()]);
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('tells the web app of no service and allows no other script origin by default', async () => {
    const config = (await plain.app.inject({ url: '/api/config' })).json();
    expect(config.third_parties).toEqual({
      analytics: null,
      user_guidance: null,
    });
    expect(await scriptSrc(plain)).toBe("'self'");
  });

  it('names the configured services and allows exactly their script origins', async () => {
    const config = (await withServices.app.inject({ url: '/api/config' })).json();
    expect(config.third_parties).toEqual({
      analytics: { script_url: configured.ANALYTICS_SCRIPT_URL, id: 'sign.example.org' },
      user_guidance: { script_url: configured.USER_GUIDANCE_SCRIPT_URL, id: 'NX-12345' },
    });
    expect(await scriptSrc(withServices)).toBe("'self' https://plausible.example https://guide.example");
  });
});
