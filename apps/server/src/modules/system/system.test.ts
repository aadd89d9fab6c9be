// The client configuration the web app reads first, in each maintenance mode, with the upload limit.
import { describe, expect, it } from 'vitest';
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
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
        status: 'ok',
        database: 'sqlite',
      });
    } finally {
      await t.close();
    }
  });
});
