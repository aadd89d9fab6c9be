// The satisfaction survey in the browser (ADR 059): offered after a send by a person of a
// business when the server says it is due, answered with a rating and a comment or dismissed,
// each sent once; not offered when it is not due or to an individual user; and the admins'
// summary on the business dashboard.
import { snakeKeys } from '@countersign/contract';
import type { SatisfactionSurveySummary, User } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { businessApi, makeFakeBusiness, presentBusiness } from '../../test/business-fixtures.js';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';
import { makeDraft, makeSigner } from '../../pages/upload/test-request.js';

beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:page');
  URL.revokeObjectURL = vi.fn();
});

const SURVEY = '/v2/businesses/biz_1/satisfaction-survey';
const member = makeUser({
  role: 'member',
  business: { id: 'biz_1', name: 'Acme', deletionDueAt: null, userPilotEnabled: false },
});

/** Sends a draft from the review step as `user`; the survey call answers `status`. */
function sendAs(user: User, status: string, extra: Record<string, ApiHandler> = {}) {
  const draft = makeDraft({ signatures: [makeSigner({ id: 's1', email: 'bob@example.com', name: 'Bob' })] });
  const app = renderApp('/upload?draft=sr1&step=review', {
    token: 't',
    api: {
      'GET /v1/user': () => jsonResponse(200, snakeKeys(user)),
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(draft)),
      'POST /v3/signature-requests/sr1/initiate': () =>
        jsonResponse(200, snakeKeys({ ...draft, status: 'open' })),
      'GET /v3/signature-requests-redesign': () =>
        jsonResponse(200, { items: [], page: 1, size: 25, total: 0 }),
      [`GET ${SURVEY}`]: () => jsonResponse(200, { occasion: 'first_send', status }),
      [`PUT ${SURVEY}`]: ({ body }) =>
        jsonResponse(200, { occasion: 'first_send', status: (body as { outcome: string }).outcome }),
      ...extra,
    },
  });
  return app;
}

async function send(app: ReturnType<typeof sendAs>) {
  fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Send anyway' }));
  await waitFor(() => expect(app.location()).toBe('/dashboard?tab=inbox&q='));
}

describe('the satisfaction survey after a send', () => {
  it('asks a member once it is due, and sends the rating with the comment', async () => {
    const app = sendAs(member, 'due');
    await send(app);
    const dialog = await screen.findByRole('dialog', { name: 'How did sending go?' });
    expect(dialog.textContent).toContain('shared with the admins of Acme, without your name');
    // no rating chosen: said, nothing sent
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText('Please choose an answer, or select “No, thanks”.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', SURVEY)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Satisfied' }));
    fireEvent.change(within(dialog).getByLabelText('What could be better? (optional)'), {
      target: { value: '  The deadline was hard to find.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Thank you for your answer.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'PUT', SURVEY)).toEqual([
      { occasion: 'first_send', outcome: 'answered', rating: 4, comment: 'The deadline was hard to find.' },
    ]);
  });

  it('is dismissed with "No, thanks", sent as a dismissal, and does not close otherwise', async () => {
    const app = sendAs(member, 'due');
    await send(app);
    const dialog = await screen.findByRole('dialog', { name: 'How did sending go?' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'How did sending go?' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'No, thanks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'PUT', SURVEY)).toEqual([{ occasion: 'first_send', outcome: 'dismissed' }]);
    expect(screen.queryByText('Thank you for your answer.')).toBeNull();
  });

  it('keeps the dialog open with the reason when the answer is refused', async () => {
    const app = sendAs(member, 'due', {
      [`PUT ${SURVEY}`]: () =>
        jsonResponse(409, { type: 'about:blank', title: 'No', status: 409, code: 'business.survey_settled' }),
    });
    await send(app);
    const dialog = await screen.findByRole('dialog', { name: 'How did sending go?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Very satisfied' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText('You have already answered this survey.')).toBeTruthy();
  });

  it('is not offered when it is not due, nor to an individual user', async () => {
    const settled = sendAs(member, 'answered');
    await send(settled);
    await waitFor(() => expect(sentBodies(settled.fetch, 'GET', SURVEY)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    settled.unmount();

    const individual = sendAs(makeUser(), 'due');
    await send(individual);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sentBodies(individual.fetch, 'GET', SURVEY)).toEqual([]);
  });
});

describe('the survey summary on the business dashboard', () => {
  it('shows the admins the counts, the mean and the comments', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const business = makeFakeBusiness();
    const summary: SatisfactionSurveySummary = {
      occasion: 'first_send',
      answered: 3,
      dismissed: 1,
      averageRating: 4.3,
      ratingCounts: [0, 0, 1, 0, 2],
      comments: [{ rating: 3, comment: 'Fields were fiddly.', createdAt: '2026-11-20T10:00:00.000Z' }],
    };
    renderApp('/business/dashboard', {
      token: 'tok',
      api: {
        ...businessApi(business),
        'GET /v1/businesses/biz_1': () =>
          jsonResponse(
            200,
            snakeKeys({
              ...presentBusiness(business),
              allowedActions: [...presentBusiness(business).allowedActions, 'view_survey_summary'],
            }),
          ),
        'GET /v2/businesses/biz_1/satisfaction-survey/summary': () => jsonResponse(200, snakeKeys(summary)),
      },
    });
    const section = (await screen.findByRole('heading', { name: 'Satisfaction after the first send' }))
      .parentElement!;
    await waitFor(() => expect(within(section).getAllByTestId('survey-rating')).toHaveLength(5));
    expect(
      within(section)
        .getAllByTestId('survey-figure')
        .map((f) => f.textContent),
    ).toEqual(['Answers3', 'Declined to answer1', 'Mean rating4.3 of 5']);
    expect(
      within(section)
        .getAllByTestId('survey-rating')
        .map((r) => r.textContent),
    ).toEqual(['Very dissatisfied0', 'Dissatisfied0', 'Neutral1', 'Satisfied0', 'Very satisfied2']);
    expect(within(section).getByText('Fields were fiddly.')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
