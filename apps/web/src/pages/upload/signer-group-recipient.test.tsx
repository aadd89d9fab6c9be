import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeGroup } from '../../test/group-fixtures.js';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { makeDraft, makeSigner } from './test-request.js';

beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:page');
  URL.revokeObjectURL = vi.fn();
});

const member = () =>
  makeUser({
    role: 'member',
    business: { id: 'biz_1', name: 'Acme', deletionDueAt: null, userPilotEnabled: false },
  });
const finance = makeGroup('grp_1', 'Finance', ['ann@acme.example', 'bob@acme.example']);

function open(user = member()) {
  let draft = makeDraft();
  return renderApp('/upload?draft=sr1&step=recipients', {
    token: 't',
    api: {
      'GET /v1/user': () => jsonResponse(200, snakeKeys(user)),
      'GET /v3/signature-requests-redesign': () =>
        jsonResponse(200, { items: [], page: 1, size: 25, total: 0 }),
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(draft)),
      'PUT /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(draft)),
      'GET /v3/groups': () =>
        jsonResponse(
          200,
          snakeKeys({
            items: [finance, makeGroup('grp_2', 'Legal', ['lee@acme.example'])],
            page: 1,
            size: 100,
            total: 2,
            limits: { maxGroups: 10, maxParticipants: 20 },
            canCreate: false,
          }),
        ),
      'POST /v3/signature-requests/sr1/signatures': () => {
        draft = makeDraft({
          signatures: [
            makeSigner({
              id: 's1',
              email: '',
              group: { id: 'grp_1', name: 'Finance', members: finance.members },
            }),
          ],
        });
        return jsonResponse(201, snakeKeys(draft));
      },
    },
  });
}

describe('a signer group in the request editor', () => {
  it('adds a group of the business as one signer through the dialog', async () => {
    const app = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add signer group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a signer group' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Finance/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const signers = screen.getByRole('list', { name: 'Signers' });
    expect(signers.textContent).toContain('Finance signer group');
    await waitFor(() =>
      expect(sentBodies(app.fetch, 'POST', '/v3/signature-requests/sr1/signatures')).toEqual([
        { signer_group_id: 'grp_1', document_signatures: [] },
      ]),
    );
    // a group already on the request is not offered again
    fireEvent.click(screen.getByRole('button', { name: 'Add signer group' }));
    const again = await screen.findByRole('dialog', { name: 'Add a signer group' });
    expect(await within(again).findByRole('radio', { name: /Legal/ })).toBeTruthy();
    expect(within(again).queryByRole('radio', { name: /Finance/ })).toBeNull();
  });

  it('is offered only to people of a business', async () => {
    open(makeUser());
    expect(await screen.findByRole('button', { name: 'Add signer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add signer group' })).toBeNull();
  });
});
