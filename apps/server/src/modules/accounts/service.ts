// Account use cases: registration and confirmation, sessions, profile, passwords and resets.
// Each takes its collaborators from `AccountsDeps`; none knows about HTTP.
import { SIGNUP_STEPS, type SignupStep, type User } from '@countersign/contract';
import { checkPassword } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { PersonPrincipal, TenantResolver } from '../../lib/principal.js';
import { hashToken, newId, newSecretToken } from '../../lib/tokens.js';
import type { Mailer } from '../../providers/mail/mailer.js';
import { defaultAttributes, presentUser, type AccountRecord, type StoredAttributes } from './account.js';
import { refuseEidFieldChanges } from './eid-fields.js';
import { renderAccountMail, type AccountMailKind } from './mail-templates.js';
import { hashPassword, spendVerificationTime, verifyPassword } from './passwords.js';
import type { AccountsRepo } from './repo.js';
import { awaitLoginTurn, clearLoginFailures, recordLoginFailure } from './login-throttle.js';
import type { Throttle } from './throttle-repo.js';

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000; // spec 4 and 9: session tokens last 24 hours
const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;

const limits = {
  registerPerIp: { name: 'register-ip', limit: 20, windowSeconds: 3600 },
  mailPerAddress: { name: 'mail-address', limit: 5, windowSeconds: 3600 },
  mailPerIp: { name: 'mail-ip', limit: 30, windowSeconds: 3600 },
  /** Wrong current passwords one account may give in 15 minutes (ADR 063). */
  reauthPerAccount: { name: 'reauth-failures-account', limit: 5, windowSeconds: 900 },
} as const;

export interface AccountsDeps {
  repo: AccountsRepo;
  mailer: Mailer;
  throttle: Throttle;
  /** Registrations one IP may make in an hour. */
  registrationsPerIpHour: number;
  clock: Clock;
  publicUrl: string;
  log: { error(obj: unknown, msg: string): void };
  /** the business a membership is of, with its status (ADR 061) */
  tenants: TenantResolver;
  /** joins the business that invited the person (or whose verified domain their address is on) */
  acceptBusinessInvite: (principal: PersonPrincipal, inviteId: string | undefined) => Promise<void>;
  /** leaves the person's business before the account goes (may refuse the business's last admin) */
  leaveBusiness: (userId: string) => Promise<void>;
  /** whether the person's business lets its members in only through its identity provider (ADR 075) */
  ssoRequired?: (userId: string) => Promise<boolean>;
}

function assertPolicy(password: string, email: string): void {
  const verdict = checkPassword(password, { email });
  if (!verdict.valid) throw new AppError(verdict.code, 'The password does not meet the password policy');
}

async function mailAccount(deps: AccountsDeps, account: AccountRecord, kind: AccountMailKind, link?: string) {
  const message = renderAccountMail(kind, account.attributes.lang, account.email, {
    name: account.firstName,
    ...(link && { link }),
  });
  try {
    await deps.mailer.send(message);
  } catch (err) {
    // The account change itself has happened; the person can ask for the mail again.
    deps.log.error({ err, kind }, 'sending account mail failed');
  }
}

async function issueEmailToken(deps: AccountsDeps, account: AccountRecord, purpose: 'confirm' | 'reset') {
  const now = deps.clock.now();
  const token = newSecretToken();
  await deps.repo.expireOpenEmailTokens(account.id, purpose, now.toISOString());
  await deps.repo.insertEmailToken({
    tokenHash: hashToken(token),
    userId: account.id,
    purpose,
    createdAt: now.toISOString(),
    expiresAt: new Date(
      now.getTime() + (purpose === 'confirm' ? CONFIRM_TTL_MS : RESET_TTL_MS),
    ).toISOString(),
  });
  const path = purpose === 'confirm' ? '/signup/confirm' : '/password-reset/new';
  return `${deps.publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

/** Checks and uses a single-use e-mail token; the account it belongs to is returned. */
async function consumeEmailToken(deps: AccountsDeps, token: string, purpose: 'confirm' | 'reset') {
  const tokenHash = hashToken(token);
  const found = await deps.repo.findEmailToken(tokenHash, purpose);
  if (!found) throw new AppError('auth.token_invalid', 'This link is not valid');
  if (found.usedAt) throw new AppError('auth.token_used', 'This link has already been used');
  const now = deps.clock.now().toISOString();
  if (found.expiresAt <= now)
    throw new AppError('auth.token_expired', 'This link has expired; ask for a new one');
  const account = await deps.repo.findUserById(found.userId);
  if (!account) throw new AppError('auth.token_invalid', 'This link is not valid');
  return { account, tokenHash, now };
}

async function requireAccount(deps: AccountsDeps, userId: string): Promise<AccountRecord> {
  const account = await deps.repo.findUserById(userId);
  if (!account) throw new AppError('auth.invalid_token', 'The session no longer belongs to an account');
  return account;
}

export async function register(
  deps: AccountsDeps,
  input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    lang?: 'en' | 'de' | 'fr' | 'it' | undefined;
    acceptGtc?: boolean | undefined;
    ip: string;
  },
) {
  const email = input.email.toLowerCase();
  assertPolicy(input.password, email);
  await deps.throttle.hit({ ...limits.registerPerIp, limit: deps.registrationsPerIpHour }, input.ip);
  await deps.throttle.hit(limits.mailPerAddress, email);
  // An address that has an account is answered as a new one would be, after the same work, so
  // the answer tells nobody which addresses have accounts; the mail tells the owner (ADR 045).
  const passwordHash = await hashPassword(input.password);
  const answer = { id: newId(), email, emailVerified: false as const };
  const existing = await deps.repo.findUserByEmail(email);
  if (existing) {
    await mailExistingOwner(deps, existing);
    return answer;
  }
  const now = deps.clock.now().toISOString();
  const account: AccountRecord = {
    id: answer.id,
    email,
    passwordHash,
    emailVerified: false,
    firstName: input.firstName,
    lastName: input.lastName,
    attributes: {
      ...defaultAttributes(),
      lang: input.lang ?? 'en',
      acceptedGtc: input.acceptGtc === true,
      signupStep: SIGNUP_STEPS[0],
    },
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.repo.insertUser(account);
  } catch (err) {
    // Two sign-ups racing for one address: the unique index decides, and the other is told by mail.
    const winner = await deps.repo.findUserByEmail(email);
    if (!winner) throw err;
    await mailExistingOwner(deps, winner);
    return answer;
  }
  await mailAccount(deps, account, 'confirm', await issueEmailToken(deps, account, 'confirm'));
  return answer;
}

/**
 * Someone registered an address that has an account: an unconfirmed account gets its confirmation
 * link again, a confirmed one a notice with a link to choose a new password.
 */
async function mailExistingOwner(deps: AccountsDeps, account: AccountRecord): Promise<void> {
  if (!account.emailVerified) {
    await mailAccount(deps, account, 'confirm', await issueEmailToken(deps, account, 'confirm'));
  } else {
    await mailAccount(deps, account, 'account_exists', await issueEmailToken(deps, account, 'reset'));
  }
}

export async function requestConfirmation(deps: AccountsDeps, input: { email: string; ip: string }) {
  const email = input.email.toLowerCase();
  await deps.throttle.hit(limits.mailPerIp, input.ip);
  await deps.throttle.hit(limits.mailPerAddress, email);
  const account = await deps.repo.findUserByEmail(email);
  if (account && !account.emailVerified) {
    await mailAccount(deps, account, 'confirm', await issueEmailToken(deps, account, 'confirm'));
  }
  return { ok: true as const };
}

/**
 * Confirms the address and signs its owner in: the link was mailed to that address, used once,
 * so following it proves what a password would (as a reset link does).
 */
export async function confirmEmail(deps: AccountsDeps, input: { token: string; ip: string }) {
  const { account, tokenHash, now } = await consumeEmailToken(deps, input.token, 'confirm');
  if (!(await deps.repo.consumeEmailToken(tokenHash, now))) {
    throw new AppError('auth.token_used', 'This link has already been used');
  }
  await deps.repo.updateUser(account.id, { emailVerified: true }, now);
  account.emailVerified = true;
  const session = await startSession(deps, account.id, input.ip);
  return { email: account.email, emailVerified: true as const, ...session, user: presentUser(account) };
}

/** A new 24-hour session of the account: the token (only its hash is stored) and its end. */
export async function startSession(deps: Pick<AccountsDeps, 'repo' | 'clock'>, userId: string, ip: string) {
  const now = deps.clock.now();
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS).toISOString();
  await deps.repo.insertSession({
    id: newId(),
    userId,
    tokenHash: hashToken(token),
    createdAt: now.toISOString(),
    expiresAt,
    ip,
  });
  return { token, expiresAt };
}

export async function login(deps: AccountsDeps, input: { email: string; password: string; ip: string }) {
  const email = input.email.toLowerCase();
  // failures count after the check, so a stranger's guesses slow the address down, never lock it
  const turn = await awaitLoginTurn(deps, { email, ip: input.ip });
  const account = await deps.repo.findUserByEmail(email);
  if (!account) await spendVerificationTime(input.password);
  if (!account || !(await verifyPassword(account.passwordHash, input.password))) {
    throw await recordLoginFailure(deps.throttle, { email, ip: input.ip }, turn);
  }
  await clearLoginFailures(deps.throttle, email);
  // told only after the right password, so the answer says nothing to someone guessing
  if (await deps.ssoRequired?.(account.id)) {
    throw new AppError('sso.required', 'Your business requires you to sign in through its identity provider');
  }
  if (!account.emailVerified) {
    throw new AppError(
      'auth.email_not_confirmed',
      'Confirm your e-mail address first; we can send the link again',
    );
  }
  // The policy may have tightened since the password was chosen: such accounts must change it.
  const weakPassword = !checkPassword(input.password, { email }).valid;
  const now = deps.clock.now();
  if (weakPassword !== account.attributes.weakPassword) {
    account.attributes = { ...account.attributes, weakPassword };
    await deps.repo.updateUser(account.id, { attributes: account.attributes }, now.toISOString());
  }
  const session = await startSession(deps, account.id, input.ip);
  return { ...session, user: presentUser(account) };
}

/** Resolves a Bearer token to the person of its live session; a token that matches none is refused. */
export async function authenticateToken(
  deps: AccountsDeps,
  token: string,
  ip: string,
): Promise<PersonPrincipal> {
  const session = await deps.repo.findLiveSession(hashToken(token), deps.clock.now().toISOString());
  if (!session) throw new AppError('auth.invalid_token', 'The session token is not valid or has expired');
  const tenant = session.businessId ? await deps.tenants(session.businessId) : undefined;
  return {
    kind: 'person',
    userId: session.userId,
    email: session.email,
    sessionId: session.id,
    membership: tenant && session.role ? { businessId: tenant.businessId, role: session.role } : null,
    tenant: tenant && session.role ? tenant : null,
    ip,
  };
}

export async function logout(deps: AccountsDeps, input: { sessionId: string }) {
  await deps.repo.revokeSession(input.sessionId, deps.clock.now().toISOString());
  return { ok: true as const };
}

export async function getUser(deps: AccountsDeps, input: { userId: string }): Promise<User> {
  return presentUser(await requireAccount(deps, input.userId));
}

export async function updateUser(
  deps: AccountsDeps,
  input: {
    userId: string;
    firstName?: string | undefined;
    lastName?: string | undefined;
    birthDate?: string | undefined;
    attributes?:
      (Partial<Omit<StoredAttributes, 'signupStep'>> & { signupStep?: SignupStep | 'done' }) | undefined;
  },
): Promise<User> {
  const account = await requireAccount(deps, input.userId);
  refuseEidFieldChanges(account, input);
  const attributes = { ...account.attributes };
  const { signupStep, ...others } = input.attributes ?? {};
  for (const [key, value] of Object.entries(others)) {
    if (value !== undefined) (attributes as Record<string, unknown>)[key] = value;
  }
  attributes.signupStep = nextSignupStep(account.attributes.signupStep, signupStep);
  const changes = {
    ...(input.firstName !== undefined && { firstName: input.firstName }),
    ...(input.lastName !== undefined && { lastName: input.lastName }),
    ...(input.birthDate !== undefined && { birthDate: input.birthDate }),
    attributes,
  };
  await deps.repo.updateUser(account.id, changes, deps.clock.now().toISOString());
  return presentUser({ ...account, ...changes });
}

/**
 * Where /signup/steps stands after a change (ADR 092): moved to the step asked for, or finished by
 * `done`; once finished the steps stay finished, so they cannot be started over on an account.
 */
function nextSignupStep(
  current: SignupStep | null,
  asked: SignupStep | 'done' | undefined,
): SignupStep | null {
  if (current === null || asked === undefined) return current;
  return asked === 'done' ? null : asked;
}

export async function acceptTerms(
  deps: AccountsDeps,
  principal: PersonPrincipal,
  input: {
    gtc?: boolean | undefined;
    businessInvite?: boolean | undefined;
    businessInviteId?: string | undefined;
    touSwisscom?: boolean | undefined;
  },
): Promise<User> {
  // Joining comes first and marks the account itself (acceptedBusinessInvite); it is read after.
  if (input.businessInvite === true) {
    await deps.acceptBusinessInvite(principal, input.businessInviteId);
  }
  const account = await requireAccount(deps, principal.userId);
  const attributes: StoredAttributes = {
    ...account.attributes,
    acceptedGtc: account.attributes.acceptedGtc || input.gtc === true,
    acceptedTouSwisscom: account.attributes.acceptedTouSwisscom || input.touSwisscom === true,
  };
  await deps.repo.updateUser(account.id, { attributes }, deps.clock.now().toISOString());
  return presentUser({ ...account, attributes });
}

/**
 * The current password, asked again before a change a stolen session must not make. Each try is
 * counted before the check, so that tries made at once cannot pass the limit together, and the
 * right password forgets them: a session can guess 5 times in 15 minutes, then 429 (ADR 063).
 */
export async function confirmCurrentPassword(
  deps: Pick<AccountsDeps, 'repo' | 'throttle'>,
  account: AccountRecord,
  password: string,
) {
  await deps.throttle.hit(limits.reauthPerAccount, account.id);
  if (!(await verifyPassword(account.passwordHash, password))) {
    throw new AppError('auth.wrong_password', 'The current password is wrong');
  }
  await deps.throttle.clear(limits.reauthPerAccount, account.id);
}

export async function deleteAccount(deps: AccountsDeps, input: { userId: string; password: string }) {
  const account = await requireAccount(deps, input.userId);
  await confirmCurrentPassword(deps, account, input.password);
  await deps.leaveBusiness(account.id);
  await deps.repo.markDeleted(account.id, deps.clock.now().toISOString());
  return { ok: true as const };
}

export async function checkPasswordCandidate(
  deps: AccountsDeps,
  input: { password: string; email?: string | undefined; userId?: string | undefined },
) {
  const email =
    input.email ?? (input.userId ? (await deps.repo.findUserById(input.userId))?.email : undefined);
  const verdict = checkPassword(input.password, email ? { email } : {});
  return { validPassword: verdict.valid, errorCode: verdict.valid ? null : verdict.code };
}

export async function changePassword(
  deps: AccountsDeps,
  input: { userId: string; sessionId: string; oldPassword: string; newPassword: string },
) {
  const account = await requireAccount(deps, input.userId);
  await confirmCurrentPassword(deps, account, input.oldPassword);
  assertPolicy(input.newPassword, account.email);
  // The same password again would end the other sessions and mail "your password was changed"
  // while changing nothing: refused, so that the person picks a new one.
  if (input.newPassword === input.oldPassword)
    throw new AppError('password.unchanged', 'The new password must differ from the current one');
  await setPassword(deps, account, input.newPassword, input.sessionId);
  return { ok: true as const };
}

async function setPassword(
  deps: AccountsDeps,
  account: AccountRecord,
  password: string,
  keepSessionId?: string,
) {
  const now = deps.clock.now().toISOString();
  const attributes = { ...account.attributes, weakPassword: false };
  await deps.repo.updateUser(account.id, { passwordHash: await hashPassword(password), attributes }, now);
  await deps.repo.revokeOtherSessions(account.id, keepSessionId, now);
  await mailAccount(deps, account, 'password_changed');
}

export async function requestReset(deps: AccountsDeps, input: { email: string; ip: string }) {
  const email = input.email.toLowerCase();
  await deps.throttle.hit(limits.mailPerIp, input.ip);
  await deps.throttle.hit(limits.mailPerAddress, email);
  const account = await deps.repo.findUserByEmail(email);
  if (account) await mailAccount(deps, account, 'reset', await issueEmailToken(deps, account, 'reset'));
  return { ok: true as const };
}

export async function resetPassword(deps: AccountsDeps, input: { token: string; newPassword: string }) {
  const { account, tokenHash, now } = await consumeEmailToken(deps, input.token, 'reset');
  assertPolicy(input.newPassword, account.email);
  if (!(await deps.repo.consumeEmailToken(tokenHash, now))) {
    throw new AppError('auth.token_used', 'This link has already been used');
  }
  // Following the link proved control of the mailbox, so the address counts as confirmed.
  if (!account.emailVerified) await deps.repo.updateUser(account.id, { emailVerified: true }, now);
  await setPassword(deps, account, input.newPassword);
  return { ok: true as const };
}

export async function autocompleteEmails(deps: AccountsDeps, input: { userId: string; input: string }) {
  const prefix = input.input.trim().toLowerCase();
  return { emails: await deps.repo.findContacts(input.userId, prefix, 10) };
}
