// The Mobile ID flow as the signer lives it (ADR 094), with the server and the overlay store
// played by fakes: the number goes to the start call, the page asks until the phone's answer is
// in, an approval ends in the signed outcome, a refusal or a lapse in the failure overlay whose
// retry asks again, and a cancelled wait stops asking.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.js';
import { OVERLAY_COMPLETE, type OverlayRequest } from '../overlays/overlay-store.js';
import { askMobileId, type MobileIdFlow } from './mobile-id.js';
import type { MobileIdTransaction } from './request-api.js';

const pending: MobileIdTransaction = {
  transactionId: 'mid_1',
  status: 'pending',
  expiresAt: '2026-11-29T10:02:00Z',
  requestStatus: null,
};
const signed: MobileIdTransaction = { ...pending, status: 'signed', requestStatus: 'completed' };

function harness(answers: (MobileIdTransaction | ApiError)[]) {
  const opened: OverlayRequest[] = [];
  const signWithMobileId = vi.fn(async () => pending);
  const mobileIdAnswer = vi.fn(async () => {
    const next = answers.shift() ?? pending;
    if (next instanceof ApiError) throw next;
    return next;
  });
  const onSigned = vi.fn(async () => {});
  let waits = 0;
  const flow: MobileIdFlow = {
    requestApi: { signWithMobileId, mobileIdAnswer },
    overlays: {
      open: (request) => {
        opened.push(request);
        return opened.length;
      },
    },
    input: { language: 'en', consent: { accepted: true, version: 1, language: 'en' } as never },
    onSigned,
    wait: async () => {
      waits += 1;
      // let the test run the loop's steps in order
      await Promise.resolve();
    },
  };
  const last = () => opened.at(-1)!;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { flow, opened, last, settle, signWithMobileId, mobileIdAnswer, onSigned, waits: () => waits };
}

describe('Mobile ID signing in the browser', () => {
  it('sends the number, waits for the phone, and signs on the approval', async () => {
    const h = harness([pending, signed]);
    askMobileId(h.flow);
    expect(h.last()).toMatchObject({ name: 'mobile-advanced-signature', props: { phase: 'ask' } });
    await h.last().onAction!('start', { mobile: ' +41 79 555 01 02 ' });
    await h.settle();
    expect(h.signWithMobileId).toHaveBeenCalledWith(expect.objectContaining({ mobile: '+41 79 555 01 02' }));
    expect(h.opened[1]).toMatchObject({ props: { phase: 'waiting', expiresAt: pending.expiresAt } });
    expect(h.mobileIdAnswer).toHaveBeenCalledTimes(2);
    expect(h.onSigned).toHaveBeenCalledWith('completed');
  });

  it("leaves the number out when none is typed, so the server uses the profile's", async () => {
    const h = harness([signed]);
    askMobileId(h.flow);
    await h.last().onAction!('start', { mobile: '' });
    await h.settle();
    expect(h.signWithMobileId.mock.calls[0]).not.toHaveProperty('0.mobile');
  });

  it('shows the failure overlay with the reason, and its retry asks again', async () => {
    for (const [code, reason] of [
      ['mobile_id.refused', 'sign.overlays.mobileIdRefused'],
      ['mobile_id.timeout', 'sign.overlays.mobileIdTimeout'],
    ]) {
      const h = harness([new ApiError(403, code!, 'no')]);
      askMobileId(h.flow);
      await h.last().onAction!('start', {});
      await h.settle();
      expect(h.last()).toMatchObject({ name: 'mobile-id-signing-failure', props: { reason } });
      expect(h.onSigned).not.toHaveBeenCalled();
      await h.last().onAction!('retry');
      expect(h.last()).toMatchObject({ name: 'mobile-advanced-signature', props: { phase: 'ask' } });
    }
  });

  it('stops asking once the signer cancels the wait', async () => {
    const h = harness([]);
    h.flow.wait = () => new Promise((resolve) => setTimeout(resolve, 0));
    askMobileId(h.flow);
    await h.last().onAction!('start', {});
    await h.last().onAction!(OVERLAY_COMPLETE);
    await h.settle();
    await h.settle();
    expect(h.mobileIdAnswer).not.toHaveBeenCalled();
    expect(h.onSigned).not.toHaveBeenCalled();
  });
});
