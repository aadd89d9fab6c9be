import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_STATES } from './payment.js';
import { businessStatus, mayApiUsersCall, mayBusinessSign } from './business-status.js';

describe('business status', () => {
  it('is deletion_pending whatever the payment state while a deletion is asked for', () => {
    for (const paymentState of [null, ...PAYMENT_METHOD_STATES]) {
      expect(businessStatus({ deletionDueAt: '2026-12-01T00:00:00.000Z', paymentState })).toBe(
        'deletion_pending',
      );
    }
  });

  it('follows the payment state otherwise, a business without a subscription being active', () => {
    expect(businessStatus({ deletionDueAt: null, paymentState: null })).toBe('active');
    expect(businessStatus({ deletionDueAt: null, paymentState: 'TRIALING' })).toBe('active');
    expect(businessStatus({ deletionDueAt: null, paymentState: 'NEEDS_PAYMENT_METHOD' })).toBe('expired');
    expect(businessStatus({ deletionDueAt: null, paymentState: 'BLOCKED' })).toBe('locked');
  });

  it('lets a business sign only while it is neither locked nor being deleted', () => {
    expect(mayBusinessSign('active')).toBe(true);
    expect(mayBusinessSign('expired')).toBe(true);
    expect(mayBusinessSign('locked')).toBe(false);
    expect(mayBusinessSign('deletion_pending')).toBe(false);
    expect(mayApiUsersCall('locked')).toBe(true);
    expect(mayApiUsersCall('deletion_pending')).toBe(false);
  });
});
