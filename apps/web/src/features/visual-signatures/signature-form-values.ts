// Between the editor's form and the API's input: blank optional lines become null, and display
// flags the user may not change (spec 5) are left out so the server applies the organisation's
// value.
import type { User, VisualSignature, VisualSignatureInput } from '@countersign/contract';

export type VisualPermissions = User['permissions']['visualSignatures'];

export interface SignatureFormValues {
  alias: string;
  name: string;
  optionalLine: string;
  location: string;
  displayDate: boolean;
  displayClaim: boolean;
  displayStandards: boolean;
  displayQr: boolean;
  isDefault: boolean;
}

/** The display flags guarded by a permission, with the permission's key. */
export const guardedFlags = [
  ['displayDate', 'date'],
  ['displayClaim', 'claim'],
  ['displayStandards', 'std'],
] as const;

function valuesOf(signature: VisualSignature): SignatureFormValues {
  return {
    alias: signature.alias,
    name: signature.name,
    optionalLine: signature.optionalLine ?? '',
    location: signature.location ?? '',
    displayDate: signature.displayDate,
    displayClaim: signature.displayClaim,
    displayStandards: signature.displayStandards,
    displayQr: signature.displayQr,
    isDefault: signature.isDefault,
  };
}

export function initialValues(
  signature: VisualSignature | undefined,
  user: Pick<User, 'firstName' | 'lastName' | 'permissions'>,
  isFirst: boolean,
): SignatureFormValues {
  const rules = user.permissions.visualSignatures;
  if (signature) return valuesOf(signature);
  return {
    alias: '',
    name: `${user.firstName} ${user.lastName}`.trim(),
    optionalLine: '',
    location: '',
    displayDate: rules.date.defaultValue,
    displayClaim: rules.claim.defaultValue,
    displayStandards: rules.std.defaultValue,
    displayQr: true,
    isDefault: isFirst,
  };
}

export function toSignatureInput(
  values: SignatureFormValues,
  permissions: VisualPermissions,
): VisualSignatureInput {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  const input: VisualSignatureInput = {
    alias: values.alias.trim(),
    name: values.name.trim(),
    optionalLine: optional(values.optionalLine),
    location: optional(values.location),
    displayQr: values.displayQr,
  };
  for (const [field, key] of guardedFlags) {
    if (permissions[key].canUpdate) input[field] = values[field];
  }
  if (values.isDefault) input.isDefault = true;
  return input;
}

/** The input that makes a saved signature the default without changing anything else. */
export function asDefaultInput(
  signature: VisualSignature,
  permissions: VisualPermissions,
): VisualSignatureInput {
  return toSignatureInput({ ...valuesOf(signature), isDefault: true }, permissions);
}
