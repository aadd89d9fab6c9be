// SCIM PATCH (RFC 7644 3.5.2) reduced to what provisioning keeps: `active`, `externalId` and the
// name. Operations come as providers write them: with a path (`active`, `name.givenName`), or
// without one and a value object holding the attributes. Any other path is refused.
import type { ScimPatch } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';

export interface ScimChange {
  active?: boolean;
  externalId?: string | null;
  givenName?: string;
  familyName?: string;
}

const invalid = (detail: string, scimType = 'invalidValue') =>
  new AppError('scim.invalid_value', detail, { scimType });

/** Some providers send booleans as the strings "True" and "False". */
function booleanOf(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalid('active takes a boolean');
}

function textOf(value: unknown, path: string): string {
  if (typeof value === 'string' && value.length <= 200) return value.trim();
  throw invalid(`${path} takes a string of at most 200 characters`);
}

/** Applies one attribute by its path (lower case) to the change. */
function apply(change: ScimChange, path: string, value: unknown, remove: boolean): void {
  switch (path) {
    case 'active':
      if (remove) throw invalid('active cannot be removed', 'mutability');
      change.active = booleanOf(value);
      return;
    case 'externalid':
      change.externalId = remove ? null : textOf(value, 'externalId');
      return;
    case 'name.givenname':
      change.givenName = remove ? '' : textOf(value, 'name.givenName');
      return;
    case 'name.familyname':
      change.familyName = remove ? '' : textOf(value, 'name.familyName');
      return;
    case 'name':
      if (!value || typeof value !== 'object') throw invalid('name takes an object');
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'formatted') continue;
        apply(change, `name.${key.toLowerCase()}`, inner, remove);
      }
      return;
    default:
      throw invalid(`The path ${path} cannot be changed here`, 'invalidPath');
  }
}

/** What a PATCH body changes. */
export function changeOfPatch(patch: ScimPatch): ScimChange {
  const change: ScimChange = {};
  for (const operation of patch.Operations) {
    const remove = operation.op.toLowerCase() === 'remove';
    if (operation.path !== undefined) {
      apply(change, operation.path.trim().toLowerCase(), operation.value, remove);
      continue;
    }
    if (remove) throw invalid('A remove operation needs a path', 'noTarget');
    if (!operation.value || typeof operation.value !== 'object' || Array.isArray(operation.value))
      throw invalid('An operation without a path takes an object of attributes');
    for (const [key, value] of Object.entries(operation.value))
      apply(change, key.toLowerCase(), value, false);
  }
  return change;
}
