// The addresses typed into the add-member dialog: one per line, or separated by commas, semicolons
// or spaces; lower-cased, each checked against the address pattern (spec 5), at most 100 at once
// (what one invitation call takes). Signer groups take the same lists, up to their own limit.
import { isEmail } from '@countersign/domain';

export const MAX_INVITEES = 100;

export type InviteeList =
  | { kind: 'ok'; emails: string[] }
  | { kind: 'empty' }
  | { kind: 'invalid'; email: string }
  | { kind: 'twice'; email: string }
  | { kind: 'too-many' };

export function parseInvitees(text: string, max: number = MAX_INVITEES): InviteeList {
  const emails = text
    .split(/[\s,;]+/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  if (emails.length === 0) return { kind: 'empty' };
  const invalid = emails.find((email) => !isEmail(email));
  if (invalid) return { kind: 'invalid', email: invalid };
  const twice = emails.find((email, index) => emails.indexOf(email) !== index);
  if (twice) return { kind: 'twice', email: twice };
  if (emails.length > max) return { kind: 'too-many' };
  return { kind: 'ok', emails };
}
