// The user as the API presents it (spec section 3, User). Qualities, attributes, permissions and
// group information keep the spec's names.
import { z } from 'zod';

export const ZLanguage = z.enum(['en', 'de', 'fr', 'it']);
export const ZLegislation = z.enum(['eidas', 'zertes']);
export const ZQuality = z.enum(['ses', 'aes', 'qes']);
export const ZEmail = z.email().max(254);
/** A mobile number as people type it: digits, an optional leading +, spaces, brackets, dashes. */
export const ZMobileNumber = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,24}$/);
/**
 * The steps of /signup/steps a new account goes through after confirming its address, in order
 * (ADR 092): its name, the terms, its language, its default legislation and signature level, and
 * the identity options (eID+, ID Austria, a wallet).
 */
export const SIGNUP_STEPS = ['name', 'terms', 'language', 'signing', 'identity'] as const;
export const ZSignupStep = z.enum(SIGNUP_STEPS);
export type SignupStep = z.infer<typeof ZSignupStep>;

/** One identification or quality record; `status` is absent when the user has none. */
export const ZQualityState = z.object({
  status: z.string().optional(),
  /**
   * Held on the word of this business rather than by an identification (AES for business,
   * ADR 057): its name. Only the signed-in person's own advanced quality carries it.
   */
  vouchedBy: z.string().optional(),
});

export const ZSignatureQualities = z.object({
  ses: z.object({ any: ZQualityState }),
  aes: z.object({ any: ZQualityState }),
  aesMinimal: z.object({ eidas: ZQualityState, zertes: ZQualityState }),
  qes: z.object({ eidas: ZQualityState, zertes: ZQualityState }),
  seal: z.object({ aes: ZQualityState, qes: ZQualityState }),
});

export const ZFreeAccountType = z.enum(['free_v1', 'free_migrated', 'free_legacy']);
export const ZEmailNotificationLevel = z.enum(['all', 'important', 'none']);

export const ZUserAttributes = z.object({
  lang: ZLanguage,
  mobile: z.string().nullable(),
  acceptedGtc: z.boolean(),
  acceptedBusinessInvite: z.boolean(),
  acceptedTouSwisscom: z.boolean(),
  weakPassword: z.boolean(),
  removedFromBusiness: z.boolean(),
  businessDeleted: z.boolean(),
  freeAccountType: ZFreeAccountType.nullable(),
  emailNotificationLevel: ZEmailNotificationLevel,
  defaultLegislation: ZLegislation,
  defaultQuality: ZQuality,
  signerIdentityEmail: z.string().nullable(),
  /** the profile fields an eID vouched for, which PUT /v1/user refuses to change (ADR 083) */
  immutableEidFields: z.array(z.enum(['firstName', 'lastName', 'birthDate'])),
  p11SigningName: z.string().nullable(),
  p11SigningReason: z.string().nullable(),
  celloUcc: z.string().nullable(),
  frontendVersion: z.string().nullable(),
  /** the step of /signup/steps the account has reached; null once they are done (ADR 092) */
  signupStep: ZSignupStep.nullable(),
});

const ZVisualPermission = z.object({ canUpdate: z.boolean(), defaultValue: z.boolean() });

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  /** the birth date an eID vouched for (YYYY-MM-DD), else null (ADR 083) */
  birthDate: z.string().nullable(),
  hasSso: z.boolean(),
  createdAt: z.string(),
  signatureQualities: ZSignatureQualities,
  attributes: ZUserAttributes,
  permissions: z.object({
    visualSignatures: z.object({ claim: ZVisualPermission, date: ZVisualPermission, std: ZVisualPermission }),
  }),
  /**
   * The signer groups the person may sign for (their address is a member): `groups` their ids by
   * name, `group_versions` each id's last change (milliseconds since 1970), to tell a stale copy.
   */
  groupInfo: z.object({ groupVersions: z.record(z.string(), z.number()), groups: z.array(z.string()) }),
  /** spec 4: admin or member of a business (from the membership, never an attribute), else user */
  role: z.enum(['user', 'member', 'admin']),
  /** the business the user belongs to, if any */
  business: z
    .object({
      id: z.string(),
      name: z.string(),
      deletionDueAt: z.string().nullable(),
      /** the business setting userPilot.enabled, for the guidance-tool rule of spec 6 */
      userPilotEnabled: z.boolean(),
    })
    .nullable(),
  /**
   * An invitation waiting for this address (accept it with POST /v1/user/accept `business_invite`),
   * or, without one, a business whose verified domain the address is on and which the user may join.
   */
  businessInvitation: z
    .object({
      id: z.string().nullable(),
      businessId: z.string(),
      businessName: z.string(),
      via: z.enum(['invitation', 'domain']),
    })
    .nullable(),
});
export type User = z.infer<typeof ZUser>;
export type UserAttributes = z.infer<typeof ZUserAttributes>;
