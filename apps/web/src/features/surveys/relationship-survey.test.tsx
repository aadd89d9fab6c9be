// The relationship survey in the browser (ADR 108): offered on the dashboard when the server says
// it is due, answered with a score (0 to 10) and a comment or dismissed, each sent once; not
// offered when it is not due.
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

const SURVEY = '/v1/user/relationship-survey';

function dashboard(status: 'due' | 'not_due') {
  return renderApp('/dashboard', {
    token: 't',
    api: {
      'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
      'GET /v3/signature-requests-redesign': () =>
        jsonResponse(200, { items: [], page: 1, size: 25, total: 0 }),
      [`GET ${SURVEY}`]: () => jsonResponse(200, { status, due_at: '2026-12-01T10:00:00.000Z' }),
      [`PUT ${SURVEY}`]: () => jsonResponse(200, { status: 'not_due', due_at: '2027-05-30T10:00:00.000Z' }),
    },
  });
}

describe('the relationship survey', () => {
  it('asks on the dashboard once due, and sends the score with the comment', async () => {
    const app = dashboard('due');
    const dialog = await screen.findByRole('dialog', { name: 'How are we doing?' });
    expect(dialog.textContent).toContain('not shared with any business');
    // no score chosen: said, nothing sent
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Please choose a score from 0 to 10.').getAttribute('role')).toBe(
      'alert',
    );
    expect(sentBodies(app.fetch, 'PUT', SURVEY)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('radio', { name: '9' }));
    fireEvent.change(within(dialog).getByLabelText(/main reason for your score/), {
      target: { value: '  Quick to send.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'PUT', SURVEY)).toEqual([
      { outcome: 'answered', score: 9, comment: 'Quick to send.' },
    ]);
    expect(await screen.findByText('Thank you for your answer.')).toBeTruthy();
  });

  it('is dismissed with "No, thanks", and Escape does not drop it', async () => {
    const app = dashboard('due');
    const dialog = await screen.findByRole('dialog', { name: 'How are we doing?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'How are we doing?' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, thanks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'PUT', SURVEY)).toEqual([{ outcome: 'dismissed' }]);
  });

  it('is not offered before it is due', async () => {
    const app = dashboard('not_due');
    await waitFor(() => expect(sentBodies(app.fetch, 'GET', SURVEY)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
