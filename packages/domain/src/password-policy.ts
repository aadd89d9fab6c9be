// The password policy, applied by the server on sign-up, change and reset, and shown live by
// the web form (spec 5: "password validity checked server-side"; the spec leaves the rules to
// us). The rules follow NIST SP 800-63B section 5.1.1.2: a length floor instead of composition
// rules, a ceiling generous enough for pass phrases, and a check against known-bad values.
//
// 1. At least 10 and at most 128 characters, counted as Unicode code points (so an emoji or an
//    accented letter typed as one character counts once, whatever its UTF-16 length).
// 2. Not a single character repeated ("aaaaaaaaaa").
// 3. Not one of the built-in list of very common passwords (case-insensitive).
// 4. Not containing the local part of the account's e-mail address (case-insensitive), when
//    that local part has 3 or more characters.
// The first rule that fails gives the error code, in that order.
import { COMMON_PASSWORDS } from './common-passwords.js';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
/** Local parts shorter than this are too likely to occur by chance to be refused. */
export const EMAIL_LOCAL_PART_MIN_LENGTH = 3;

export type PasswordErrorCode =
  | 'password.too_short'
  | 'password.too_long'
  | 'password.too_common'
  | 'password.contains_email'
  | 'password.repetitive';

export type PasswordCheck = { valid: true } | { valid: false; code: PasswordErrorCode };

/** The policy in plain words, for the README and the form's help text. */
export const PASSWORD_POLICY_DESCRIPTION =
  `Passwords must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long, ` +
  'must not be one of the most common passwords, must not contain the part of your e-mail ' +
  'address before the @, and must not be one character repeated. Any characters are allowed, ' +
  'including spaces, so a pass phrase works well.';

const COMMON = new Set(COMMON_PASSWORDS);

function readLocalPart(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  const local = (at === -1 ? email : email.slice(0, at)).toLowerCase();
  return [...local].length >= EMAIL_LOCAL_PART_MIN_LENGTH ? local : null;
}

export function checkPassword(password: string, context: { email?: string | null } = {}): PasswordCheck {
  const codePoints = [...password];
  if (codePoints.length < PASSWORD_MIN_LENGTH) return { valid: false, code: 'password.too_short' };
  if (codePoints.length > PASSWORD_MAX_LENGTH) return { valid: false, code: 'password.too_long' };
  if (codePoints.every((char) => char === codePoints[0]))
    return { valid: false, code: 'password.repetitive' };
  const lowered = password.toLowerCase();
  if (COMMON.has(lowered)) return { valid: false, code: 'password.too_common' };
  const local = readLocalPart(context.email);
  if (local !== null && lowered.includes(local)) return { valid: false, code: 'password.contains_email' };
  return { valid: true };
}
