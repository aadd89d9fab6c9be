import { describe, expect, it, vi } from 'vitest';
import { fallbackAppConfig, fetchAppConfig, parseAppConfig } from './app-config.js';

describe('app config', () => {
  it('reads the environment and a maintenance notice in either key case', () => {
    expect(
      parseAppConfig({
        environment: 'test',
        maintenance: { is_blocking: true, url: 'https://status.example.com' },
      }),
    ).toEqual({
      environment: 'test',
      maintenance: { isBlocking: true, url: 'https://status.example.com' },
    });
    expect(parseAppConfig({ environment: 'development', maintenance: { isBlocking: false } })).toEqual({
      environment: 'development',
      maintenance: { isBlocking: false },
    });
  });

  it('ignores unknown environments and links that are not http(s)', () => {
    expect(
      parseAppConfig({
        environment: 'staging',
        maintenance: { is_blocking: false, url: 'javascript:alert(1)' },
      }),
    ).toEqual({
      environment: 'production',
      maintenance: { isBlocking: false },
    });
  });

  it('reads the upload limit in megabytes, and leaves it out when it makes no sense', () => {
    expect(parseAppConfig({ environment: 'production', maintenance: null, max_upload_mb: 12.5 })).toEqual({
      environment: 'production',
      maintenance: null,
      maxUploadBytes: 12.5 * 1024 * 1024,
    });
    for (const odd of [0, -3, '50', null, Number.NaN])
      expect(parseAppConfig({ environment: 'production', max_upload_mb: odd })).not.toHaveProperty(
        'maxUploadBytes',
      );
  });

  it('falls back to production without maintenance when the server does not answer', async () => {
    await expect(
      fetchAppConfig(vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'))),
    ).resolves.toEqual(fallbackAppConfig);
    await expect(
      fetchAppConfig(vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 404 }))),
    ).resolves.toEqual(fallbackAppConfig);
  });

  it('names the configured third-party services, and leaves them out when none is', () => {
    const analytics = { script_url: 'https://plausible.example/js/script.js', id: 'sign.example.org' };
    expect(parseAppConfig({ environment: 'production', third_parties: { analytics } }).thirdParties).toEqual({
      analytics: { scriptUrl: analytics.script_url, id: analytics.id },
      userGuidance: null,
    });
    const none = { analytics: null, user_guidance: null };
    expect(parseAppConfig({ environment: 'production', third_parties: none })).not.toHaveProperty(
      'thirdParties',
    );
  });
});
