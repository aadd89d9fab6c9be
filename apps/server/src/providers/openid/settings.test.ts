// The installation's OpenID providers from the environment, and the sandbox provider's gate.
import { describe, expect, it } from 'vitest';
import { readOpenIdConfig } from './settings.js';

const fail = (message: string) => new Error(message);

describe('OpenID settings from the environment', () => {
  it('reads each OIDC_<NAME>_ISSUER with its client, scopes and claim mapping', () => {
    const config = readOpenIdConfig(
      {
        OIDC_STAFF_ISSUER: 'https://id.example',
        OIDC_STAFF_CLIENT_ID: 'countersign',
        OIDC_STAFF_CLIENT_SECRET: 'secret',
        OIDC_STAFF_SCOPES: 'email,profile',
        OIDC_STAFF_CLAIMS: 'first_name=givenName, email_verified=mailVerified',
      },
      { production: true, fail },
    );
    expect(config.providers['staff']).toEqual({
      issuer: 'https://id.example',
      clientId: 'countersign',
      clientSecret: 'secret',
      scopes: ['openid', 'email', 'profile'],
      claims: {
        email: 'email',
        emailVerified: 'mailVerified',
        firstName: 'givenName',
        lastName: 'family_name',
      },
    });
  });

  it('refuses a provider without its client, an unknown claim field, and http:// in production', () => {
    expect(() =>
      readOpenIdConfig({ OIDC_A_ISSUER: 'https://a.example' }, { production: false, fail }),
    ).toThrow(/OIDC_A_CLIENT_ID/);
    const client = { OIDC_A_CLIENT_ID: 'c', OIDC_A_CLIENT_SECRET: 's' };
    expect(() =>
      readOpenIdConfig(
        { OIDC_A_ISSUER: 'https://a.example', OIDC_A_CLAIMS: 'phone=tel', ...client },
        { production: false, fail },
      ),
    ).toThrow(/OIDC_A_CLAIMS/);
    expect(() =>
      readOpenIdConfig({ OIDC_A_ISSUER: 'http://a.example', ...client }, { production: true, fail }),
    ).toThrow(/https/);
  });

  it('starts the sandbox provider outside production only: a forgotten variable never opens it', () => {
    expect(readOpenIdConfig({}, { production: false, fail }).sandbox).toBe(true);
    expect(readOpenIdConfig({ SANDBOX_OIDC: 'false' }, { production: false, fail }).sandbox).toBe(false);
    // outside development it starts only when asked for by name (the browser journeys)
    expect(readOpenIdConfig({}, { production: false, fail }).sandboxRequested).toBe(false);
    expect(readOpenIdConfig({ SANDBOX_OIDC: 'true' }, { production: false, fail }).sandboxRequested).toBe(
      true,
    );
    expect(readOpenIdConfig({}, { production: true, fail })).toMatchObject({
      sandbox: false,
      allowHttp: false,
    });
    expect(() => readOpenIdConfig({ SANDBOX_OIDC: 'true' }, { production: true, fail })).toThrow(
      /production/,
    );
  });
});
