// The one SCIM filter provisioning needs (RFC 7644 3.4.2.2): `userName eq "address"`, which an
// identity provider sends to find a person before creating them. Attribute names and the operator
// are case-insensitive; the value is a JSON string. Anything else is refused, not half-understood.
import { AppError } from '../../lib/app-error.js';

const USER_NAME_EQ = /^\s*userName\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i;

/** The address a filter asks for. */
export function parseUserNameFilter(filter: string): string {
  const match = USER_NAME_EQ.exec(filter);
  if (!match)
    throw new AppError('scim.invalid_filter', 'Only the filter userName eq "address" is understood');
  try {
    return (JSON.parse(match[1]!) as string).trim().toLowerCase();
  } catch {
    throw new AppError('scim.invalid_filter', 'The filter value is not a valid string');
  }
}
