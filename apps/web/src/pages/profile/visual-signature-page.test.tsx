import { snakeKeys } from '@countersign/contract';
import type { VisualSignature } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';

/** A visual signature as the server sends it (snake_case). */
function signature(id: string, alias: string, extra: Partial<VisualSignature> = {}): Record<string, unknown> {
  const value: VisualSignature = {
    id,
    alias,
    name: 'Ada Lovelace',
    optionalLine: null,
    location: null,
    hasCustomImage: false,
    displayDate: true,
    displayClaim: true,
    displayStandards: true,
    displayQr: true,
    isDefault: false,
    createdAt: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
  return snakeKeys(value);
}

const png = () =>
  new Response(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }), { status: 200 });

function open(items: Record<string, unknown>[], api: Record<string, ApiHandler> = {}, user = makeUser()) {
  return renderApp('/profile/visual-signature', {
    token: 'tok',
    api: {
      'GET /v1/user': () => jsonResponse(200, user),
      'GET /v1/user/visual-signatures': () => jsonResponse(200, { items }),
      'GET /v1/user/preview-visual-signature': png,
      'POST /v1/user/preview-visual-signature': png,
      ...api,
    },
  });
}

const previewCalls = (fetch: ReturnType<typeof open>['fetch'], method: string) =>
  fetch.mock.calls.filter(
    ([input, init]) =>
      String(input).includes('preview-visual-signature') && (init?.method ?? 'GET') === method,
  );

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('visual signatures page', () => {
  it('lists the signatures with 300x140 previews, makes one the default and deletes one', async () => {
    const items = [signature('a', 'Private', { isDefault: true }), signature('b', 'Work')];
    const app = open(items, {
      'PUT /v1/user/visual-signatures/b': ({ body }) =>
        jsonResponse(200, { ...items[1], ...(body as object) }),
      'DELETE /v1/user/visual-signatures/a': () => jsonResponse(200, { ok: true }),
    });
    const list = await screen.findByRole('list', { name: 'Your visual signatures' });
    expect(within(list).getAllByTestId('visual-signature')).toHaveLength(2);
    const image = await screen.findByAltText('Preview of the visual signature “Work”');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['300', '140']);
    const previewUrls = previewCalls(app.fetch, 'GET').map(([input]) => String(input));
    expect(previewUrls).toContain('/v1/user/preview-visual-signature?width=300&height=140&id=b');

    expect(screen.queryByRole('button', { name: 'Make Private the default' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make Work the default' }));
    await screen.findByText('“Work” is now your default.');
    expect(sentBodies(app.fetch, 'PUT', '/v1/user/visual-signatures/b')).toEqual([
      {
        alias: 'Work',
        name: 'Ada Lovelace',
        optional_line: null,
        location: null,
        display_qr: true,
        display_date: true,
        display_claim: true,
        display_standards: true,
        is_default: true,
      },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Private' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Private”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete signature' }));
    await screen.findByText('Visual signature deleted.');
    expect(
      app.fetch.mock.calls.some(([input, init]) => init?.method === 'DELETE' && String(input).endsWith('/a')),
    ).toBe(true);
  });

  it('creates a signature with a preview redrawn once typing stops', async () => {
    const app = open([], {
      'POST /v1/user/visual-signatures': ({ body }) =>
        jsonResponse(201, { ...signature('n', 'New'), ...(body as object) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New visual signature' }));
    expect(screen.getByLabelText<HTMLInputElement>('Name shown').value).toBe('Ada Lovelace');
    expect(screen.getByLabelText<HTMLInputElement>('Use as my default').checked).toBe(true);
    await screen.findByAltText('Preview of the signature you are editing');
    const before = previewCalls(app.fetch, 'POST').length;
    for (const text of ['A', 'AL', 'ALX'])
      fireEvent.change(screen.getByLabelText('Location (optional)'), { target: { value: text } });
    // nothing is asked within the 400 ms after the last keystroke…
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(previewCalls(app.fetch, 'POST').length).toBe(before);
    // …and one request for the three changes once that has passed
    await waitFor(() => expect(previewCalls(app.fetch, 'POST').length).toBe(before + 1));
    const last = previewCalls(app.fetch, 'POST').at(-1)?.[1]?.body;
    expect(JSON.parse(String(last))).toMatchObject({ name: 'Ada Lovelace', location: 'ALX' });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Name of this signature'), { target: { value: 'Office' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Visual signature created.');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('New visual signature'));
    expect(sentBodies(app.fetch, 'POST', '/v1/user/visual-signatures')).toEqual([
      {
        alias: 'Office',
        name: 'Ada Lovelace',
        optional_line: null,
        location: 'ALX',
        display_qr: true,
        display_date: true,
        display_claim: true,
        display_standards: true,
        is_default: true,
      },
    ]);
  });

  it('locks the lines the organisation sets and does not send them', async () => {
    const user = makeUser();
    user.permissions.visualSignatures.claim = { canUpdate: false, defaultValue: false };
    const app = open(
      [signature('a', 'Private', { isDefault: true, displayClaim: false })],
      { 'PUT /v1/user/visual-signatures/a': () => jsonResponse(200, signature('a', 'Private')) },
      user,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Private' }));
    const claim = screen.getByLabelText<HTMLInputElement>('Show the claim');
    expect(claim.disabled).toBe(true);
    expect(claim.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Set by your organisation')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Visual signature saved.');
    expect(sentBodies(app.fetch, 'PUT', '/v1/user/visual-signatures/a')[0]).not.toHaveProperty(
      'display_claim',
    );
  });

  it('uploads a PNG as the custom image and refuses other files before sending them', async () => {
    const app = open([signature('a', 'Private', { isDefault: true })], {
      'POST /v1/images/signature/a': () =>
        jsonResponse(201, signature('a', 'Private', { hasCustomImage: true })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Private' }));
    const input = screen.getByLabelText('Upload an image');
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'sig.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('Choose a PNG or JPEG image.')).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(8)], 'sig.png', { type: 'image/png' })] },
    });
    await screen.findByText('Image uploaded.');
    const uploads = app.fetch.mock.calls.filter(([url]) => String(url) === '/v1/images/signature/a');
    expect(uploads).toHaveLength(1);
    expect((uploads[0]?.[1]?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(await screen.findByRole('button', { name: 'Remove the image' })).toBeTruthy();
  });
});
