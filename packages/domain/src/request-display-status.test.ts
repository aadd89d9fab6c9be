import { describe, expect, it } from 'vitest';
import { displayStatusOf } from './request-display-status.js';
import type { SignerStateName } from './request-display-status.js';

const signerStates: (SignerStateName | null)[] = [null, 'pending', 'signed', 'declined', 'delegated'];

describe('displayStatusOf (spec 4 status colours)', () => {
  it('shows an open request as to sign only while the viewer still has to sign', () => {
    const shown = signerStates.map((yourSignatureStatus) =>
      displayStatusOf({ status: 'open', yourSignatureStatus }),
    );
    expect(shown).toEqual(['waiting', 'to_sign', 'waiting', 'waiting', 'waiting']);
  });

  it('groups every way a request ends unsigned as cancelled, whatever the viewer did', () => {
    for (const status of ['declined', 'withdrawn', 'expired'] as const) {
      for (const yourSignatureStatus of signerStates) {
        expect(displayStatusOf({ status, yourSignatureStatus })).toBe('cancelled');
      }
    }
  });

  it('keeps completed requests completed and drafts apart from the four colours', () => {
    expect(displayStatusOf({ status: 'completed', yourSignatureStatus: 'signed' })).toBe('completed');
    expect(displayStatusOf({ status: 'completed', yourSignatureStatus: null })).toBe('completed');
    expect(displayStatusOf({ status: 'draft', yourSignatureStatus: 'pending' })).toBe('draft');
  });
});
