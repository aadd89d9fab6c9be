import { describe, expect, it } from 'vitest';
import {
  canSignAt,
  identificationMethodsFor,
  qualitiesGrantedByMethod,
  identificationLegislation,
  isIdentificationOpen,
  nextIdentificationStatus,
  qualitiesGrantedBy,
  type IdentificationEvent,
  type IdentificationStatus,
} from './identification.js';
import type { SignatureQualities } from './quality.js';

const held = (keys: string[], status = 'active'): SignatureQualities => {
  const q: SignatureQualities = { ses: { any: { status: 'active' } } };
  for (const key of keys) {
    const [group, name] = key.split('.') as ['aes' | 'aesMinimal' | 'qes', string];
    q[group] = { ...(q[group] ?? {}), [name]: { status } } as never;
  }
  return q;
};

describe('identification methods (spec 7)', () => {
  it('knows the four provider/method pairs and their legislation', () => {
    expect(identificationLegislation('srs', 'video')).toBe('eidas');
    expect(identificationLegislation('srs', 'robo')).toBe('eidas');
    expect(identificationLegislation('intrum', 'video')).toBe('zertes');
    expect(identificationLegislation('intrum', 'autoident')).toBe('zertes');
  });

  it('refuses pairs that do not exist, including prototype names', () => {
    expect(identificationLegislation('srs', 'autoident')).toBeNull();
    expect(identificationLegislation('intrum', 'robo')).toBeNull();
    expect(identificationLegislation('constructor', '')).toBeNull();
  });

  it('grants aes.any and qes.eidas for eIDAS, qes.zertes for ZertES', () => {
    expect(qualitiesGrantedBy('eidas')).toEqual(['aes.any', 'qes.eidas']);
    expect(qualitiesGrantedBy('zertes')).toEqual(['qes.zertes']);
  });
});

describe('identification status machine', () => {
  const statuses: IdentificationStatus[] = ['initialized', 'inprogress', 'success', 'failure', 'cancelled'];
  const events: IdentificationEvent[] = ['opened', 'approved', 'rejected', 'cancelled'];

  it('moves initialized -> inprogress -> success or failure', () => {
    expect(nextIdentificationStatus('initialized', 'opened')).toBe('inprogress');
    expect(nextIdentificationStatus('inprogress', 'approved')).toBe('success');
    expect(nextIdentificationStatus('inprogress', 'rejected')).toBe('failure');
    expect(nextIdentificationStatus('inprogress', 'opened')).toBeNull();
  });

  it('keeps results final: nothing moves success, failure or cancelled', () => {
    for (const status of ['success', 'failure', 'cancelled'] as const)
      for (const event of events) expect(nextIdentificationStatus(status, event)).toBeNull();
  });

  it('lets only open identifications be cancelled', () => {
    for (const status of statuses)
      expect(nextIdentificationStatus(status, 'cancelled') !== null).toBe(isIdentificationOpen(status));
  });
});

describe('canSignAt', () => {
  it('needs a verified e-mail for every level', () => {
    expect(canSignAt(held(['qes.eidas', 'aes.any']), false, 'ses', 'eidas')).toBe(false);
    expect(canSignAt(held([]), true, 'ses', 'zertes')).toBe(true);
  });

  it('allows qes only with the qes of the same legislation', () => {
    expect(canSignAt(held(['qes.eidas']), true, 'qes', 'eidas')).toBe(true);
    expect(canSignAt(held(['qes.eidas']), true, 'qes', 'zertes')).toBe(false);
    expect(canSignAt(held(['aes.any']), true, 'qes', 'eidas')).toBe(false);
    expect(canSignAt(held(['qes.zertes'], 'demo'), true, 'qes', 'zertes')).toBe(true);
    expect(canSignAt(held(['qes.zertes'], 'pending'), true, 'qes', 'zertes')).toBe(false);
  });

  it('allows aes with aes.any, the legislation aesMinimal, or its qes', () => {
    expect(canSignAt(held(['aes.any']), true, 'aes', 'zertes')).toBe(true);
    expect(canSignAt(held(['aesMinimal.zertes']), true, 'aes', 'zertes')).toBe(true);
    expect(canSignAt(held(['aesMinimal.zertes']), true, 'aes', 'eidas')).toBe(false);
    expect(canSignAt(held(['qes.zertes']), true, 'aes', 'zertes')).toBe(true);
    expect(canSignAt(held([]), true, 'aes', 'eidas')).toBe(false);
  });
});

describe('identificationMethodsFor', () => {
  it('offers the methods whose success allows the signature', () => {
    expect(identificationMethodsFor('ses', 'eidas')).toEqual([]);
    expect(identificationMethodsFor('qes', 'eidas')).toEqual(['srs/video', 'srs/robo']);
    expect(identificationMethodsFor('qes', 'zertes')).toEqual(['intrum/video', 'intrum/autoident']);
    // an eIDAS identification grants aes.any, good for any legislation's advanced level
    // a wallet's personal identity grants aes.any, too: advanced only, under either legislation
    expect(identificationMethodsFor('aes', 'eidas')).toEqual(['srs/video', 'srs/robo', 'wallet/pid']);
    expect(identificationMethodsFor('aes', 'zertes')).toEqual([
      'srs/video',
      'srs/robo',
      'intrum/video',
      'intrum/autoident',
      'wallet/pid',
    ]);
  });

  it('never offers a wallet for a qualified signature', () => {
    expect(qualitiesGrantedByMethod({ provider: 'wallet', method: 'pid', legislation: 'eidas' })).toEqual([
      'aes.any',
    ]);
    expect(qualitiesGrantedByMethod({ provider: 'srs', method: 'video', legislation: 'eidas' })).toEqual([
      'aes.any',
      'qes.eidas',
    ]);
    expect(identificationMethodsFor('qes', 'eidas')).not.toContain('wallet/pid');
  });
});
