// Spec 8's thrown messages: when reminding signers, inviting a signer, adding an observer or
// claiming a handed-over request fails, the failure is thrown with exactly these messages, and
// the person sees them (translated) in an error snackbar. The API's own error stays the cause, so
// a form can still say what precisely was wrong.
import type { MessageKey } from './describe-api-error.js';

export const ACTION_FAILURE_MESSAGES = {
  remindSigners: 'Failed to remind signers',
  inviteSigner: 'Failed to invite signer',
  addObserver: 'Failed to add observer',
  claimRequest: 'Failed to claim signature request',
} as const;
export type ActionFailureKind = keyof typeof ACTION_FAILURE_MESSAGES;

export class ActionFailure extends Error {
  readonly kind: ActionFailureKind;

  constructor(kind: ActionFailureKind, cause: unknown) {
    super(ACTION_FAILURE_MESSAGES[kind], { cause });
    this.name = 'ActionFailure';
    this.kind = kind;
  }

  /** The translation key of the message the person sees. */
  get messageKey(): MessageKey {
    return `actionFailures.${this.kind}`;
  }
}

/** Runs `call`; a failure is rethrown as the action's spec 8 failure. */
export async function failAs<T>(kind: ActionFailureKind, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (cause) {
    throw new ActionFailure(kind, cause);
  }
}
