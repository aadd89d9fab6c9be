// Account calls of spec section 7 (User): registration and e-mail confirmation, sessions,
// profile, passwords and their reset, terms acceptance, server time and e-mail autocomplete.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  ZEmail,
  ZEmailNotificationLevel,
  ZLanguage,
  ZLegislation,
  ZMobileNumber,
  ZQuality,
  ZSignupStep,
  ZUser,
} from './user.js';

const tags = ['User'];
const ZPassword = z.string().min(1).max(1024);
const ZOk = z.object({ ok: z.literal(true) });

export const register = defineEndpoint({
  method: 'POST',
  path: '/v1/register',
  summary: 'Create an account; a confirmation link is mailed to the address',
  tags,
  auth: 'none',
  body: z.strictObject({
    email: ZEmail,
    password: ZPassword,
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    lang: ZLanguage.optional(),
    acceptGtc: z.boolean().optional(),
  }),
  response: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() }),
  successStatus: 201,
});

export const requestConfirmation = defineEndpoint({
  method: 'POST',
  path: '/v1/request-confirmation',
  summary: 'Mail a new confirmation link (answers the same whether or not the address is known)',
  tags,
  auth: 'none',
  body: z.strictObject({ email: ZEmail }),
  response: ZOk,
  successStatus: 202,
});

export const validConfirmation = defineEndpoint({
  method: 'POST',
  path: '/v1/valid-confirmation',
  summary:
    'Confirm an e-mail address with the token from the confirmation link, and start a 24-hour session of its account',
  tags,
  auth: 'none',
  body: z.strictObject({ token: z.string().min(1).max(256) }),
  response: z.object({
    email: z.string(),
    emailVerified: z.literal(true),
    token: z.string(),
    expiresAt: z.string(),
    user: ZUser,
  }),
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/v1/login',
  summary: 'Start a 24-hour session',
  tags,
  auth: 'none',
  body: z.strictObject({ email: ZEmail, password: ZPassword, firstLogin: z.boolean().optional() }),
  response: z.object({ token: z.string(), expiresAt: z.string(), user: ZUser }),
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/v1/logout',
  summary: 'Revoke the current session token',
  tags,
  auth: 'session',
  response: ZOk,
});

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/v1/user',
  summary: 'The signed-in user',
  tags,
  auth: 'session',
  query: z.object({ v2: z.enum(['true', 'false']).optional() }),
  response: ZUser,
});

export const updateUser = defineEndpoint({
  method: 'PUT',
  path: '/v1/user',
  summary: 'Change profile fields and preferences',
  tags,
  auth: 'session',
  body: z.strictObject({
    firstName: z.string().trim().min(1).max(100).optional(),
    lastName: z.string().trim().min(1).max(100).optional(),
    birthDate: z.iso.date().optional(),
    attributes: z
      .strictObject({
        lang: ZLanguage.optional(),
        mobile: ZMobileNumber.nullable().optional(),
        emailNotificationLevel: ZEmailNotificationLevel.optional(),
        defaultLegislation: ZLegislation.optional(),
        defaultQuality: ZQuality.optional(),
        frontendVersion: z.string().max(64).nullable().optional(),
        // the downgrade dialog was seen: these can be cleared, never set
        removedFromBusiness: z.literal(false).optional(),
        businessDeleted: z.literal(false).optional(),
        // where /signup/steps goes on from, or `done`; ignored once the steps are done (ADR 092)
        signupStep: z.union([ZSignupStep, z.literal('done')]).optional(),
      })
      .optional(),
  }),
  response: ZUser,
  problems: ['user.eid_field_immutable'],
});

export const deleteUser = defineEndpoint({
  method: 'POST',
  path: '/v1/user/delete',
  summary:
    "Delete the account after confirming the password. A business's member leaves it; its last admin is refused while others remain (409 business.last_admin); a business's only person takes it along",
  tags,
  auth: 'session',
  description:
    'A wrong password is 403 auth.wrong_password; 5 wrong current passwords per account in 15 minutes (here and in change-password together), then 429 rate_limit.exceeded with Retry-After until the window ends.',
  body: z.strictObject({ password: ZPassword }),
  response: ZOk,
  problems: ['auth.wrong_password', 'business.last_admin', 'rate_limit.exceeded'],
});

export const checkPassword = defineEndpoint({
  method: 'POST',
  path: '/v1/check-password',
  summary: 'Check a candidate password against the password policy',
  tags,
  auth: 'optional',
  body: z.strictObject({ password: ZPassword, email: ZEmail.optional() }),
  response: z.object({ validPassword: z.boolean(), errorCode: z.string().nullable() }),
});

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/v1/change-password',
  summary: 'Change the password; other sessions are revoked',
  tags,
  auth: 'session',
  description:
    'A wrong current password is 403 auth.wrong_password; 5 wrong current passwords per account in 15 minutes (here and in user/delete together), then 429 rate_limit.exceeded with Retry-After until the window ends.',
  body: z.strictObject({ old: ZPassword, new: ZPassword }),
  response: ZOk,
  problems: [
    'auth.wrong_password',
    'password.too_short',
    'password.too_long',
    'password.too_common',
    'password.contains_email',
    'password.repetitive',
    'password.unchanged',
    'rate_limit.exceeded',
  ],
});

export const requestReset = defineEndpoint({
  method: 'POST',
  path: '/v1/request-reset',
  summary: 'Mail a password-reset link (answers the same whether or not the address is known)',
  tags,
  auth: 'none',
  body: z.strictObject({ email: ZEmail }),
  response: ZOk,
  successStatus: 202,
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/v1/reset-password',
  summary: 'Set a new password with a single-use reset token',
  tags,
  auth: 'none',
  body: z.strictObject({ token: z.string().min(1).max(256), new: ZPassword }),
  response: ZOk,
});

export const acceptTerms = defineEndpoint({
  method: 'POST',
  path: '/v1/user/accept',
  summary: 'Record acceptance of the terms, a business invitation or the trust-service terms of use',
  tags,
  auth: 'session',
  body: z
    .strictObject({
      gtc: z.boolean().optional(),
      businessInvite: z.boolean().optional(),
      touSwisscom: z.boolean().optional(),
      /** which invitation `business_invite` accepts (default: the one addressed to the caller) */
      businessInviteId: z.string().min(1).max(64).optional(),
    })
    .refine((b) => b.gtc === true || b.businessInvite === true || b.touSwisscom === true, {
      message: 'Accept at least one of gtc, business_invite, tou_swisscom',
    }),
  response: ZUser,
});

export const getDatetime = defineEndpoint({
  method: 'GET',
  path: '/v1/datetime',
  summary: 'Server time, for clients whose clock may be off',
  tags: ['Other'],
  auth: 'none',
  response: z.object({ datetime: z.string() }),
});

export const emailAutocomplete = defineEndpoint({
  method: 'GET',
  path: '/v1/email_input_autocomplete',
  summary: 'Addresses the caller has worked with that start with the input',
  tags,
  auth: 'session',
  query: z.object({ input: z.string().max(254).default('') }),
  response: z.object({ emails: z.array(z.string()) }),
});

/**
 * The partner referral a person signed up through (Cello): the business sign-up page keeps the
 * link's `ucc` and hands it in once the account exists. The first referral stays the account's
 * (`attributes.celloUcc`); the same code again changes nothing, another answers 409.
 */
export const celloReferral = defineEndpoint({
  method: 'POST',
  path: '/v1/user/cello',
  summary: 'Record the partner referral code (ucc) the person signed up through',
  tags,
  auth: 'session',
  body: z.strictObject({
    ucc: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/),
  }),
  response: ZUser,
});

export const accountEndpoints = {
  register,
  requestConfirmation,
  validConfirmation,
  login,
  logout,
  getUser,
  updateUser,
  deleteUser,
  checkPassword,
  changePassword,
  requestReset,
  resetPassword,
  acceptTerms,
  getDatetime,
  emailAutocomplete,
  celloReferral,
};
