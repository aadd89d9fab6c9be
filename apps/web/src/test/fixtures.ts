// Test data shaped by the contract, so fixtures break at compile time when the API changes.
import type { User } from '@countersign/contract';

export function makeUser(
  overrides: { attributes?: Partial<User['attributes']> } & Partial<Omit<User, 'attributes'>> = {},
): User {
  const state = {};
  const { attributes, ...rest } = overrides;
  return {
    id: 'usr_1',
    email: 'ada@example.com',
    emailVerified: true,
    firstName: 'Ada',
    lastName: 'Lovelace',
    birthDate: null,
    hasSso: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    signatureQualities: {
      ses: { any: state },
      aes: { any: state },
      aesMinimal: { eidas: state, zertes: state },
      qes: { eidas: state, zertes: state },
      seal: { aes: state, qes: state },
    },
    attributes: {
      lang: 'en',
      mobile: null,
      acceptedGtc: true,
      acceptedBusinessInvite: false,
      acceptedTouSwisscom: false,
      weakPassword: false,
      removedFromBusiness: false,
      businessDeleted: false,
      freeAccountType: null,
      emailNotificationLevel: 'all',
      defaultLegislation: 'eidas',
      defaultQuality: 'ses',
      signerIdentityEmail: null,
      immutableEidFields: [],
      p11SigningName: null,
      p11SigningReason: null,
      celloUcc: null,
      frontendVersion: null,
      signupStep: null,
      ...attributes,
    },
    permissions: {
      visualSignatures: {
        claim: { canUpdate: true, defaultValue: true },
        date: { canUpdate: true, defaultValue: true },
        std: { canUpdate: true, defaultValue: true },
      },
    },
    groupInfo: { groupVersions: {}, groups: [] },
    role: 'user',
    business: null,
    businessInvitation: null,
    ...rest,
  };
}

/** A Response carrying JSON, as the server sends it. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const contentType = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType, ...headers } });
}
