// The once-seen notices about a change of plan, through the whole app.
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';
import { planNoticeFor } from './plan-notices.js';

const emptyList = () => jsonResponse(200, { items: [], total: 0, page: 1, size: 25 });

describe('notices about a change of plan', () => {
  beforeEach(() => localStorage.clear());

  it('tells an account moved onto the new free plan once, and leads to the plans', async () => {
    const user = makeUser({ attributes: { freeAccountType: 'free_migrated' } });
    const app = renderApp('/dashboard', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(user)),
        'GET /v3/signature-requests-redesign': emptyList,
      },
    });
    await screen.findByRole('dialog', { name: 'Your account is on the new free plan' });
    fireEvent.click(screen.getByRole('button', { name: 'See plans' }));
    await waitFor(() => expect(app.location()).toBe('/upgrade'));
    expect(planNoticeFor(user, localStorage.getItem('countersign.plan-notice-seen'))).toBeNull();
  });

  it('picks the notice by the free account type, after the dialogs a person must answer', () => {
    expect(planNoticeFor(makeUser({ attributes: { freeAccountType: 'free_legacy' } }), null)).toBe(
      'fair-flat-migration',
    );
    expect(planNoticeFor(makeUser({ attributes: { freeAccountType: 'free_v1' } }), null)).toBeNull();
    expect(
      planNoticeFor(makeUser({ attributes: { freeAccountType: 'free_legacy', acceptedGtc: false } }), null),
    ).toBeNull();
    expect(
      planNoticeFor(
        makeUser({ attributes: { freeAccountType: 'free_legacy' } }),
        'usr_1/fair-flat-migration',
      ),
    ).toBeNull();
  });
});
