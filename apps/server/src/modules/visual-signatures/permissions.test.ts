// The claim, date and standards lines follow the user's permissions (spec 3 and 5).
import { describe, expect, it } from 'vitest';
import { applyVisualPermissions } from './permissions.js';

const free = { canUpdate: true, defaultValue: true };
const locked = (defaultValue: boolean) => ({ canUpdate: false, defaultValue });

describe('visual signature permissions', () => {
  it('lets permitted lines be chosen, defaulting to the permission’s value', () => {
    expect(applyVisualPermissions({ displayClaim: false }, { claim: free, date: free, std: free })).toEqual({
      displayClaim: false,
      displayDate: true,
      displayStandards: true,
    });
  });

  it('fixes locked lines to their default and refuses another value', () => {
    const permissions = { claim: locked(true), date: free, std: locked(false) };
    expect(applyVisualPermissions({ displayDate: false }, permissions)).toEqual({
      displayClaim: true,
      displayDate: false,
      displayStandards: false,
    });
    expect(
      applyVisualPermissions({ displayClaim: true, displayStandards: false }, permissions),
    ).toMatchObject({ displayClaim: true });
    expect(() => applyVisualPermissions({ displayClaim: false }, permissions)).toThrow(
      expect.objectContaining({ code: 'visual_signature.forbidden' }),
    );
    expect(() => applyVisualPermissions({ displayStandards: true }, permissions)).toThrow(
      expect.objectContaining({ code: 'visual_signature.forbidden' }),
    );
  });
});
