// Spec 3 and 5: the claim, date and standards lines of a visual signature are editable only when
// the user's permissions say so (businesses restrict them); otherwise they take the permission's
// default value, and trying to set another value is refused.
import type { User } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';

export type VisualPermissions = User['permissions']['visualSignatures'];

const fields = [
  ['displayClaim', 'claim'],
  ['displayDate', 'date'],
  ['displayStandards', 'std'],
] as const;

export function applyVisualPermissions(
  input: {
    displayClaim?: boolean | undefined;
    displayDate?: boolean | undefined;
    displayStandards?: boolean | undefined;
  },
  permissions: VisualPermissions,
): { displayClaim: boolean; displayDate: boolean; displayStandards: boolean } {
  const out = { displayClaim: false, displayDate: false, displayStandards: false };
  for (const [field, key] of fields) {
    const rule = permissions[key];
    const wanted = input[field];
    if (!rule.canUpdate && wanted !== undefined && wanted !== rule.defaultValue) {
      throw new AppError(
        'visual_signature.forbidden',
        `The ${key} line of your visual signature is set by your organisation`,
      );
    }
    out[field] = rule.canUpdate ? (wanted ?? rule.defaultValue) : rule.defaultValue;
  }
  return out;
}
