// What the sender's dashboard calls a request, from the viewer's seat (spec 4: status colours
// exist for to-sign, waiting, cancelled and completed). The request's own state alone is not
// enough: an open request is "to sign" for a signer who still has to sign and "waiting" for
// everybody else. Drafts are none of the four; they get their own neutral label.

export const DISPLAY_STATUSES = ['to_sign', 'waiting', 'cancelled', 'completed'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];
export type RequestDisplayStatus = DisplayStatus | 'draft';

export type RequestStateName = 'draft' | 'open' | 'completed' | 'declined' | 'withdrawn' | 'expired';
export type SignerStateName = 'pending' | 'signed' | 'declined' | 'delegated';

export interface DisplayStatusInput {
  status: RequestStateName;
  /** The viewer's own signature on the request, if the viewer is one of its signers. */
  yourSignatureStatus: SignerStateName | null;
}

/**
 * Declined, withdrawn and expired requests all ended without every signature: cancelled. An
 * open request waits on the viewer only while the viewer's own signature is pending; once the
 * viewer signed (or passed the signature on) it waits on the others.
 */
export function displayStatusOf(input: DisplayStatusInput): RequestDisplayStatus {
  switch (input.status) {
    case 'draft':
      return 'draft';
    case 'completed':
      return 'completed';
    case 'declined':
    case 'withdrawn':
    case 'expired':
      return 'cancelled';
    case 'open':
      return input.yourSignatureStatus === 'pending' ? 'to_sign' : 'waiting';
  }
}
