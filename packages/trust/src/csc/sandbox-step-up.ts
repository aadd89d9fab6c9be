// The sandbox QTSP playing Swisscom's step-up for ZertES credentials (ADR 087): a credential is
// unlocked by the person's password at the provider together with the one-time code it texted
// (`pwdotp`), where other credentials take the code alone. The sandbox's own rules, so tests and
// journeys can rely on them: the first password given to a credential becomes its password if it
// has 8 to 64 characters with a letter and a digit (`weak_pin` otherwise); from then on a wrong
// password (`invalid_pin`) or a wrong code (`invalid_otp`) each cost one of three tries, and the
// third locks the credential for 15 minutes (`access_denied`, "credential_locked"); a code lives
// five minutes (`otp_expired`). Passwords are kept only as scrypt hashes.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { CscHttpError } from './sandbox-http.js';
import { LOCK_MS } from './sandbox-oauth.js';
import type { SandboxCredential } from './sandbox-credentials.js';

/** tries (wrong passwords and wrong codes together) before the credential locks */
export const STEP_UP_ATTEMPTS = 3;

export function isAcceptablePassword(password: string): boolean {
  return password.length >= 8 && password.length <= 64 && /\p{L}/u.test(password) && /\d/.test(password);
}

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}

function matchesPassword(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const given = scryptSync(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(given, expected);
}

/**
 * Checks a pwdotp authorisation of `credential`; answers the password hash to keep when this was
 * the credential's first password. Throws the CSC error a refusal is.
 */
export function checkPasswordAndCode(
  credential: SandboxCredential,
  given: { pin: unknown; otp: unknown },
  now: number,
): { newPasswordHash?: string } {
  if ((credential.lockedUntil ?? 0) > now) throw new CscHttpError(400, 'access_denied', 'credential_locked');
  const pin = typeof given.pin === 'string' ? given.pin : '';
  const otp = credential.otp;
  if (!otp) throw new CscHttpError(400, 'invalid_otp', 'no OTP pending: call credentials/sendOTP');
  if (otp.expiresAt < now) throw new CscHttpError(400, 'otp_expired', 'the OTP has expired');
  let newPasswordHash: string | undefined;
  const refuse = (error: string, description: string): never => {
    credential.stepUpAttemptsLeft = (credential.stepUpAttemptsLeft ?? STEP_UP_ATTEMPTS) - 1;
    if (credential.stepUpAttemptsLeft <= 0) {
      credential.lockedUntil = now + LOCK_MS;
      credential.stepUpAttemptsLeft = STEP_UP_ATTEMPTS;
      credential.otp = undefined;
      throw new CscHttpError(400, 'access_denied', 'credential_locked');
    }
    throw new CscHttpError(400, error, description);
  };
  if (credential.passwordHash === undefined) {
    // a weak first password is a rule not met, not a wrong try
    if (!isAcceptablePassword(pin))
      throw new CscHttpError(
        400,
        'weak_pin',
        'the password needs 8 to 64 characters with a letter and a digit',
      );
    newPasswordHash = hashPassword(pin);
  } else if (!matchesPassword(pin, credential.passwordHash)) {
    refuse('invalid_pin', 'the password is wrong');
  }
  if (given.otp !== otp.code) refuse('invalid_otp', 'the OTP is wrong');
  credential.otp = undefined;
  credential.stepUpAttemptsLeft = STEP_UP_ATTEMPTS;
  if (newPasswordHash) credential.passwordHash = newPasswordHash;
  return newPasswordHash ? { newPasswordHash } : {};
}
