// Mobile ID (ADR 094): the person confirms a signature on their own phone, whose number their
// mobile operator registered to them. The provider puts a confirmation on the phone and later
// tells whether the person approved it (and who holds the number), refused it, or let it lapse.
// sandbox.ts plays the provider with a sandbox phone page; swisscom.ts is Swisscom Mobile ID's.
import type { Language } from '@countersign/domain';

/** Who holds the number, as the provider registered them: what the advanced certificate names. */
export interface MobileIdHolder {
  givenName: string;
  surname: string;
  /** ISO 3166 alpha-2 */
  country: string;
}

export type MobileIdAnswer =
  | { status: 'pending' }
  | { status: 'approved'; holder: MobileIdHolder }
  | { status: 'refused' }
  /** no answer in time, or the provider no longer knows the transaction */
  | { status: 'expired' }
  /** the provider ended the transaction for another reason (blocked, unknown number, ...) */
  | { status: 'failed'; reason: string };

export interface MobileIdProvider {
  /** Puts `message` on the phone at `mobile` for confirmation; it lapses at `expiresAt`. */
  requestConfirmation(input: {
    mobile: string;
    message: string;
    /** the language of `message`, for the provider's own words around it */
    language?: Language | undefined;
  }): Promise<{ transactionId: string; expiresAt: Date }>;
  /** The person's answer so far. */
  answerOf(transactionId: string): Promise<MobileIdAnswer>;
}
