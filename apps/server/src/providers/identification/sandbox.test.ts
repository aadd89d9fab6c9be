import { describe, expect, it } from 'vitest';
import { createSandboxIdentificationProvider } from './sandbox.js';

describe('sandbox identification webhook signature', () => {
  let now = Date.parse('2026-11-22T10:00:00Z');
  const provider = createSandboxIdentificationProvider({
    publicUrl: 'http://countersign.test',
    secret: 'test-secret',
    now: () => new Date(now),
  });
  const report = {
    identificationId: 'id-1',
    event: 'approved' as const,
    identity: { givenName: 'Ada', surname: 'Example', country: 'CH', mobile: '+41790000000' },
  };

  it('accepts its own fresh report and returns it', () => {
    expect(provider.verifyCallback(provider.signCallback(report))).toEqual(report);
  });

  it('refuses a report signed with another secret or altered', () => {
    const other = createSandboxIdentificationProvider({
      publicUrl: 'http://countersign.test',
      secret: 'other',
      now: () => new Date(now),
    });
    expect(() => provider.verifyCallback(other.signCallback(report))).toThrow(/signature/);
    const signed = provider.signCallback(report);
    const altered = Buffer.from(
      Buffer.from(signed.payload, 'base64url').toString().replace('Example', 'Mallory'),
    ).toString('base64url');
    expect(() => provider.verifyCallback({ ...signed, payload: altered })).toThrow(/signature/);
  });

  it('refuses a replay after ten minutes', () => {
    const signed = provider.signCallback(report);
    now += 11 * 60_000;
    expect(() => provider.verifyCallback(signed)).toThrow(/too old/);
  });

  it('refuses an approval without an identity', () => {
    expect(() =>
      provider.verifyCallback(provider.signCallback({ identificationId: 'id-1', event: 'approved' })),
    ).toThrow(/identity/);
  });
});
