import { describe, expect, it } from 'vitest';
import { highestQuality, isIdentificationOngoing, mapAppointmentStatus } from './quality.js';
import type { HighestQuality, SignatureQualities } from './quality.js';

const STATUSES = [undefined, 'active', 'demo', 'pending'] as const;

function qualities(parts: {
  qesEidas?: string;
  qesZertes?: string;
  aes?: string;
  aesMinEidas?: string;
  aesMinZertes?: string;
  sealQes?: string;
}): SignatureQualities {
  return {
    ses: { any: { status: 'active' } },
    aes: { any: { status: parts.aes } },
    aesMinimal: { eidas: { status: parts.aesMinEidas }, zertes: { status: parts.aesMinZertes } },
    qes: { eidas: { status: parts.qesEidas }, zertes: { status: parts.qesZertes } },
    seal: { aes: {}, qes: { status: parts.sealQes } },
  };
}

describe('highestQuality (spec 4)', () => {
  it('is none while the e-mail is unverified, whatever the qualities', () => {
    expect(highestQuality(qualities({ qesEidas: 'active', aes: 'active' }), false)).toBe('none');
    expect(highestQuality(undefined, false)).toBe('none');
  });

  it('is ses for a verified user with nothing more, including missing records', () => {
    expect(highestQuality(qualities({}), true)).toBe('ses');
    expect(highestQuality({}, true)).toBe('ses');
    expect(highestQuality(null, true)).toBe('ses');
  });

  it('ranks qes over demo over aes over ses across every status combination', () => {
    for (const qesEidas of STATUSES) {
      for (const qesZertes of STATUSES) {
        for (const aes of STATUSES) {
          for (const aesMinEidas of STATUSES) {
            const input = qualities({ qesEidas, qesZertes, aes, aesMinEidas });
            const qes = [qesEidas, qesZertes];
            const expected: HighestQuality = qes.includes('active')
              ? 'qes'
              : qes.includes('demo')
                ? 'demo'
                : [aes, aesMinEidas].some((s) => s === 'active' || s === 'demo')
                  ? 'aes'
                  : 'ses';
            expect(highestQuality(input, true), JSON.stringify(input)).toBe(expected);
          }
        }
      }
    }
  });

  it('counts aesMinimal under zertes as aes, reads statuses case-insensitively', () => {
    expect(highestQuality(qualities({ aesMinZertes: 'ACTIVE' }), true)).toBe('aes');
    expect(highestQuality(qualities({ qesZertes: 'Demo' }), true)).toBe('demo');
  });

  it('ignores seal qualities, which belong to business seals', () => {
    expect(highestQuality(qualities({ sealQes: 'active' }), true)).toBe('ses');
  });
});

describe('isIdentificationOngoing (spec 4)', () => {
  it('is true only when a status exists and the highest quality is not qes', () => {
    const highs: HighestQuality[] = ['none', 'ses', 'aes', 'qes', 'demo'];
    for (const status of [undefined, null, '', 'pending', 'inprogress']) {
      for (const high of highs) {
        expect(isIdentificationOngoing(status, high)).toBe(Boolean(status) && high !== 'qes');
      }
    }
  });
});

describe('mapAppointmentStatus (spec 3)', () => {
  it('maps initialized, unknown, inprogress, success, failure as the spec lists', () => {
    expect(['initialized', 'unknown', 'inprogress', 'success', 'failure'].map(mapAppointmentStatus)).toEqual([
      'initialized',
      'initialized',
      'inprogress',
      'activatingQES',
      'failure',
    ]);
  });

  it('reads anything unrecognised as initialized', () => {
    for (const status of [undefined, null, '', 'toString', 'SUCCESS']) {
      expect(mapAppointmentStatus(status)).toBe('initialized');
    }
  });
});
