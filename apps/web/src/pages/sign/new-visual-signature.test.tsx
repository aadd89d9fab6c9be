// A new visual signature made on /view/{srid}: typed (under a name no other signature has), or an
// uploaded image (checked before it is sent, then stored as the new signature's image); it is
// chosen for the signature at once and sent with the sign call. Drawing needs a real canvas: the
// guided-signing journey draws one in Chromium.
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshAlias } from '../../features/visual-signatures/new-visual-signature.js';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { CONSENT_EN, makeVisualSignature, reviewAndSign, viewApi } from './sign-fixtures.js';

/** The server's side: the list holds the new signature once it was made. */
function api() {
  const saved = [makeVisualSignature()];
  const made = makeVisualSignature({ id: 'vs9', alias: 'Image 1', isDefault: false });
  return viewApi({
    'GET /v1/user/visual-signatures': () => jsonResponse(200, snakeKeys({ items: saved })),
    'GET /v1/user/visual-signature': () => jsonResponse(200, snakeKeys(makeVisualSignature())),
    'POST /v1/user/visual-signatures': () => {
      saved.push(made);
      return jsonResponse(201, snakeKeys(made));
    },
    'POST /v1/images/signature/vs9': () => jsonResponse(200, snakeKeys({ ...made, hasCustomImage: true })),
  });
}

beforeEach(() => sessionStorage.clear());

describe('a new visual signature while signing', () => {
  it('names it after the way it was made, with a number no other signature has', () => {
    expect(freshAlias('Typed', ['Work', 'typed 1', 'Typed 2'])).toBe('Typed 3');
    expect(freshAlias('Drawn', ['Work'])).toBe('Drawn 1');
  });

  it('saves a typed signature under the name given, with a fresh alias', async () => {
    const app = renderApp('/view/sr1', { token: 't', api: api() });
    fireEvent.click(await screen.findByRole('button', { name: 'New signature' }));
    const panel = await screen.findByTestId('new-visual-signature');
    const name = within(panel).getByLabelText('Your name as it is shown') as HTMLInputElement;
    expect(name.value).toBe('Ada Lovelace');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Use this signature' }));
    expect(within(panel).getByText('Type your name.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'A. Lovelace' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Use this signature' }));
    await waitFor(() => expect(screen.queryByTestId('new-visual-signature')).toBeNull());
    expect(sentBodies(app.fetch, 'POST', '/v1/user/visual-signatures')).toEqual([
      { alias: 'Typed 1', name: 'A. Lovelace', display_qr: false },
    ]);
  });

  it('uploads an image as the new signature and signs with it', async () => {
    const app = renderApp('/view/sr1', { token: 't', api: api() });
    fireEvent.click(await screen.findByRole('button', { name: 'New signature' }));
    const panel = await screen.findByTestId('new-visual-signature');
    fireEvent.click(within(panel).getByRole('radio', { name: 'Image' }));
    const input = within(panel).getByLabelText('Upload an image');
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'sig.gif', { type: 'image/gif' })] } });
    expect(within(panel).getByText('Choose a PNG or JPEG image.')).toBeTruthy();
    fireEvent.change(input, {
      target: {
        files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'sig.png', { type: 'image/png' })],
      },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Use this signature' }));
    await waitFor(() => expect(screen.queryByTestId('new-visual-signature')).toBeNull());
    const uploads = app.fetch.mock.calls.filter(([url]) => String(url).endsWith('/v1/images/signature/vs9'));
    expect((uploads[0]?.[1]?.body as FormData).get('image')).toBeInstanceOf(File);
    // chosen for this signature at once
    expect((screen.getByRole('radio', { name: /Image 1/ }) as HTMLInputElement).checked).toBe(true);
    await reviewAndSign();
    await screen.findByRole('dialog', { name: 'Signed' });
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([
      {
        signature_requests: [{ signature_request_id: 'sr1', visual_signature_id: 'vs9' }],
        language: 'en',
        consent: CONSENT_EN,
      },
    ]);
  });
});
