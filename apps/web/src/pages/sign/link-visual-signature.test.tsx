// A link holder's own visual signature on /view/{id}/{userid}: the preview of what the page will
// show (asked for with the link's token in its header), an uploaded image checked before it is
// sent and then sent as the `image` part for this link, the typed name chosen again, and a refusal
// from the server shown in words. Drawing needs a real canvas: the guided-signing journey draws
// one in Chromium.
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';
import {
  makeDirectUser,
  makeLinkStatus,
  makeRequest,
  makeVisualSignature,
  problem,
} from './sign-fixtures.js';

const token = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const png = () => new Response(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }));
const pngFile = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

function linkApi(overrides: Record<string, ApiHandler> = {}): Record<string, ApiHandler> {
  const typed = makeVisualSignature({ id: 'direct', name: 'Dana Direct' });
  return {
    'GET /v3/direct/signature-requests/sr1': () =>
      jsonResponse(
        200,
        snakeKeys(
          makeRequest({
            you: { roles: ['direct_signer'], signatureId: 'sig1', allowedActions: ['view', 'sign'] },
          }),
        ),
      ),
    'GET /v1/direct/user': () => jsonResponse(200, snakeKeys(makeDirectUser())),
    'GET /v3/direct/link': () => jsonResponse(200, snakeKeys(makeLinkStatus())),
    'GET /v1/direct/visual-signature': () => jsonResponse(200, snakeKeys(typed)),
    'GET /v1/direct/preview-visual-signature': png,
    'POST /v1/direct/images/signature': () =>
      jsonResponse(201, snakeKeys({ ...typed, hasCustomImage: true })),
    'DELETE /v1/direct/images/signature': () => jsonResponse(200, snakeKeys(typed)),
    ...overrides,
  };
}

const callsTo = (fetch: ReturnType<typeof renderApp>['fetch'], method: string, path: string) =>
  fetch.mock.calls.filter(
    ([input, init]) =>
      new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );

async function openWays() {
  fireEvent.click(await screen.findByRole('button', { name: 'Draw or upload your signature' }));
  return screen.findByTestId('new-visual-signature');
}

beforeEach(() => {
  sessionStorage.clear();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe("a link holder's visual signature", () => {
  it('previews it with the link token in its header, and uploads an image for this link', async () => {
    const app = renderApp(`/view/sr1/sig1?token=${token}`, { api: linkApi() });
    expect(await screen.findByText('Your signature will show the name Dana Direct.')).toBeTruthy();
    await screen.findByRole('img', { name: 'Preview of your signature: Dana Direct' });
    const [previewUrl, previewInit] = callsTo(app.fetch, 'GET', '/v1/direct/preview-visual-signature')[0]!;
    expect(new URL(String(previewUrl), 'http://localhost').searchParams.has('token')).toBe(false);
    expect(new Headers(previewInit?.headers).get('x-link-token')).toBe(token);

    const panel = await openWays();
    fireEvent.click(within(panel).getByRole('radio', { name: 'Image' }));
    const input = within(panel).getByLabelText('Upload an image');
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'me.gif', { type: 'image/gif' })] } });
    expect(within(panel).getByText('Choose a PNG or JPEG image.')).toBeTruthy();
    expect(callsTo(app.fetch, 'POST', '/v1/direct/images/signature')).toHaveLength(0);
    fireEvent.change(input, { target: { files: [pngFile()] } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Use this signature' }));

    expect(await screen.findByText('Your signature will show the image you gave.')).toBeTruthy();
    const [upload] = callsTo(app.fetch, 'POST', '/v1/direct/images/signature');
    expect((upload![1]?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(new Headers(upload![1]?.headers).get('x-link-token')).toBe(token);
    // the preview is asked for again, now with the image
    await waitFor(() =>
      expect(callsTo(app.fetch, 'GET', '/v1/direct/preview-visual-signature').length).toBeGreaterThan(1),
    );
  });

  it('goes back to the typed name, and says why the server refused an image', async () => {
    const app = renderApp(`/view/sr1/sig1?token=${token}`, {
      api: linkApi({
        'GET /v1/direct/visual-signature': () =>
          jsonResponse(200, snakeKeys(makeVisualSignature({ id: 'direct', hasCustomImage: true }))),
        'POST /v1/direct/images/signature': () => problem(422, 'visual_signature.image_invalid'),
      }),
    });
    let panel = await openWays();
    fireEvent.click(within(panel).getByRole('radio', { name: 'Image' }));
    fireEvent.change(within(panel).getByLabelText('Upload an image'), { target: { files: [pngFile()] } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Use this signature' }));
    expect(await within(panel).findByText('Choose a PNG or JPEG image.')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    panel = await openWays();
    // typed is the first way: the name given in the details, nothing to type here
    expect(within(panel).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Use this signature' }));
    await waitFor(() => expect(screen.queryByTestId('new-visual-signature')).toBeNull());
    expect(callsTo(app.fetch, 'DELETE', '/v1/direct/images/signature')).toHaveLength(1);
  });
});
