// The one-time-codes module's façade (ADR 068): short codes sent by SMS or mail, stored hashed,
// with expiry, a few tries and a resend limit (codes.ts). Part 11 re-authentication (ADR 077) and
// the TANs of link signers (ADR 078) use them.
export {
  checkCode,
  countFailedTry,
  DEFAULT_CODE_RULES,
  issueCode,
  pendingCode,
  withdrawCode,
  type CheckResult,
  type CodeKey,
  type CodeRules,
  type IssueResult,
} from './codes.js';
