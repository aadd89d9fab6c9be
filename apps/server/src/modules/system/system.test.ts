// The client configuration the web app reads first, in each maintenance mode, with the upload limit.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp } from '../../test-support/test-app.js';

describe('client configuration', () => {
  it.each([
    ['off', null],
    ['light', { is_blocking: false, url: 'https://status.example.org' }],
    ['blocking', { is_blocking: true, url: 'https://status.example.org' }],
  ])('reports maintenance %s, and the upload limit', async (mode, expected) => {
    const t = await createTestApp('sqlite', {
      env: { MAINTENANCE: mode, MAINTENANCE_URL: 'https://status.example.org', MAX_UPLOAD_MB: '12.5' },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json()).toEqual({
        environment: 'test',
        maintenance: expected,
        sandbox_mail: true,
        max_upload_mb: 12.5,
        terms_url: null,
        privacy_url: null,
        third_parties: { analytics: null, user_guidance: null },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
        status: 'ok',
        database: 'sqlite',
      });
    } finally {
      await t.close();
    }
  });

  it("names the operator's terms and privacy policy when configured, and refuses addresses that are not web pages", async () => {
    const t = await createTestApp('sqlite', {
      env: { TERMS_URL: 'https://operator.example/terms', PRIVACY_URL: 'https://operator.example/privacy' },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json()).toMatchObject({
        terms_url: 'https://operator.example/terms',
        privacy_url: 'https://operator.example/privacy',
      });
    } finally {
      await t.close();
    }
    expect(() => loadConfig({ NODE_ENV: 'test', TERMS_URL: 'javascript:alert(1)' })).toThrow(/TERMS_URL/);
  });
});
