// The profile fields an eID vouched for (ADR 083), listed in `attributes.immutableEidFields`: a
// profile change may not alter them, since signatures name the person as the eID does.
import type { User } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import type { AccountRecord } from './account.js';

export type EidField = User['attributes']['immutableEidFields'][number];
export const EID_FIELDS: readonly EidField[] = ['firstName', 'lastName', 'birthDate'];

const SNAKE: Record<EidField, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  birthDate: 'birth_date',
};

/** Refuses a profile change that would alter a field an eID vouched for; the same value passes. */
export function refuseEidFieldChanges(
  account: AccountRecord,
  changes: Partial<Record<EidField, string | undefined>>,
): void {
  const current: Record<EidField, string | null> = {
    firstName: account.firstName,
    lastName: account.lastName,
    birthDate: account.birthDate ?? null,
  };
  const refused = account.attributes.immutableEidFields.filter(
    (field) => changes[field] !== undefined && changes[field] !== current[field],
  );
  if (refused.length > 0)
    throw new AppError('user.eid_field_immutable', `${refused.join(', ')} came from an eID`, {
      errors: refused.map((field) => ({
        path: `body.${SNAKE[field]}`,
        message: 'Taken from your eID; it cannot be changed',
      })),
    });
}
