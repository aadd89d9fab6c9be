import { snakeKeys } from '@countersign/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';
import { isArrivingFromUpload } from './invite-page.js';
import { makeDraft, makeSigner } from './test-request.js';

beforeAll(() => {
  // jsdom has no object URLs; the page image only needs one to exist
  URL.createObjectURL = vi.fn(() => 'blob:page');
  URL.revokeObjectURL = vi.fn();
});

const problem = (status: number, code: string) =>
  jsonResponse(status, { type: 'about:blank', title: 'No', status, code });

function renderUpload(path: string, api: Record<string, ApiHandler> = {}, user = makeUser()) {
  return renderApp(path, {
    token: 't',
    api: {
      'GET /v1/user': () => jsonResponse(200, snakeKeys(user)),
      'GET /v3/documents/doc1/pages/1': () => new Response(new Blob(['img'], { type: 'image/webp' })),
      'GET /v3/documents/doc1/pages/2': () => new Response(new Blob(['img'], { type: 'image/webp' })),
      'GET /v3/signature-requests-redesign': () =>
        jsonResponse(200, { items: [], page: 1, size: 25, total: 0 }),
      ...api,
    },
  });
}

/** PUT .../fields echoes its fields back as the server would. */
const camelFields = (body: unknown) =>
  ((body as { fields: Record<string, unknown>[] }).fields ?? []).map((f) => ({
    id: f['id'] as string,
    documentId: f['document_id'] as string,
    signerId: f['signer_id'] as string,
    kind: f['kind'] as 'signature',
    required: f['required'] as boolean,
    label: f['label'] as string,
    page: f['page'] as number,
    x: f['x'] as number,
    y: f['y'] as number,
    width: f['width'] as number,
    height: f['height'] as number,
    value: null,
  }));

const pdf = () => new File(['%PDF-1.7'], 'Rental contract.pdf', { type: 'application/pdf' });

describe('upload page', () => {
  it('refuses a file above the server’s limit before sending it, naming the file and the limit', async () => {
    const app = renderApp('/upload', {
      token: 't',
      config: { environment: 'production', maintenance: null, max_upload_mb: 1 },
      api: { 'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())) },
    });
    const scan = new File([new Uint8Array(1024 * 1024 + 1)], 'Big scan.pdf', { type: 'application/pdf' });
    const input = await screen.findByLabelText('Choose PDF files');
    // the limit arrives with the configuration, which the page may be rendered before
    await waitFor(() =>
      expect(app.fetch.mock.calls.some(([url]) => String(url).endsWith('/api/config'))).toBe(true),
    );
    fireEvent.change(input, { target: { files: [pdf(), scan] } });
    expect(await screen.findByText('Big scan.pdf is larger than the 1 MB a document may have.')).toBeTruthy();
    const posts = app.fetch.mock.calls.filter(([url]) => String(url).endsWith('/v3/signature-requests'));
    expect(posts).toEqual([]);
  });

  it('turns picked PDFs into a draft at the profile default level with one multipart call and opens it', async () => {
    const app = renderUpload(
      '/upload',
      {
        'POST /v3/signature-requests': () => jsonResponse(201, snakeKeys(makeDraft())),
        'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeDraft())),
      },
      makeUser({ attributes: { defaultQuality: 'qes', defaultLegislation: 'zertes' } }),
    );
    const input = await screen.findByLabelText('Choose PDF files');
    fireEvent.change(input, { target: { files: [pdf()] } });
    await waitFor(() => expect(app.location()).toBe('/upload?draft=sr1'));
    const [, init] =
      app.fetch.mock.calls.find(([url]) => String(url).endsWith('/v3/signature-requests')) ?? [];
    const form = init?.body as FormData;
    expect(JSON.parse(String(form.get('payload')))).toEqual({
      title: 'Rental contract',
      quality: 'qes',
      legislation: 'zertes',
    });
    expect((form.get('documents') as File).name).toBe('Rental contract.pdf');
    expect(await screen.findByText('Lease.pdf')).toBeTruthy();
    // the draft opens on its first step
    expect(screen.getByRole('button', { name: '1. Documents' }).getAttribute('aria-current')).toBe('step');
  });

  it('says plainly why the server refused a file', async () => {
    let code = 'pdf.encrypted';
    renderUpload('/upload', {
      'POST /v3/signature-requests': () => problem(code === 'upload.too_large' ? 413 : 422, code),
    });
    const input = await screen.findByLabelText('Choose PDF files');
    fireEvent.change(input, { target: { files: [pdf()] } });
    expect(await screen.findByText(/password-protected or encrypted/)).toBeTruthy();
    code = 'upload.too_large';
    fireEvent.change(input, { target: { files: [pdf()] } });
    expect(await screen.findByText('This file is too large to upload.')).toBeTruthy();
    code = 'pdf.not_pdf';
    fireEvent.change(input, { target: { files: [pdf()] } });
    expect(await screen.findByText('This file is not a PDF.')).toBeTruthy();
  });

  it('sends users of the new free plan to the start page', async () => {
    const app = renderUpload('/upload', {}, makeUser({ attributes: { freeAccountType: 'free_v1' } }));
    await waitFor(() => expect(app.location()).toMatch(/^\/dashboard/));
  });

  it('goes through the steps: level, signers with suggestions, a field placed by keyboard, review and send', async () => {
    let draft = makeDraft();
    const app = renderUpload('/upload?draft=sr1', {
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(draft)),
      'GET /v1/email_input_autocomplete': ({ url }) =>
        jsonResponse(200, {
          emails: ['bob@example.com', 'bobby@example.com'].filter((e) =>
            e.startsWith(url.searchParams.get('input') ?? ''),
          ),
        }),
      'PUT /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(draft)),
      'PUT /v3/signature-requests/sr1/fields': ({ body }) => {
        draft = { ...draft, fields: camelFields(body) };
        return jsonResponse(200, snakeKeys(draft));
      },
      'POST /v3/signature-requests/sr1/signatures': ({ body }) => {
        const signer = body as { signer_identity_data: { email_address: string } };
        draft = {
          ...draft,
          signatures: [
            ...draft.signatures,
            makeSigner({
              id: `s${draft.signatures.length + 1}`,
              email: signer.signer_identity_data.email_address,
            }),
          ],
        };
        return jsonResponse(201, snakeKeys(draft));
      },
      'POST /v3/signature-requests/sr1/initiate': () =>
        jsonResponse(200, snakeKeys({ ...draft, status: 'open' })),
    });
    // every level may be chosen; advanced and qualified say that signers identify themselves
    expect(await screen.findByRole('radio', { name: 'Simple' })).toHaveProperty('checked', true);
    const qualified = screen.getByRole('radio', { name: 'Qualified' });
    expect(qualified).toHaveProperty('disabled', false);
    fireEvent.click(qualified);
    expect(document.getElementById(qualified.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Signers identify themselves once (video or automated) before they sign.',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'ZertES (Switzerland)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next: Recipients' }));
    await waitFor(() => expect(app.location()).toBe('/upload?draft=sr1&step=recipients'));

    const signerEmail = await screen.findByRole('combobox', { name: 'Signer’s e-mail address' });
    fireEvent.change(signerEmail, { target: { value: 'bob' } });
    const suggestions = await screen.findByRole('listbox', { name: 'Signer’s e-mail address' });
    await waitFor(() => expect(within(suggestions).getAllByRole('option')).toHaveLength(2));
    fireEvent.keyDown(signerEmail, { key: 'ArrowDown' });
    fireEvent.keyDown(signerEmail, { key: 'ArrowDown' });
    expect(signerEmail.getAttribute('aria-activedescendant')).toBe(
      within(suggestions).getAllByRole('option')[1]?.id,
    );
    fireEvent.keyDown(signerEmail, { key: 'Enter' });
    expect(await screen.findByRole('button', { name: 'Remove bobby@example.com' })).toBeTruthy();
    fireEvent.change(signerEmail, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add signer' }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Observer’s e-mail address' }), {
      target: { value: 'boss@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add observer' }));

    fireEvent.click(screen.getByRole('button', { name: 'Next: Fields' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Signature' }));
    const field = await screen.findByRole('button', { name: 'Signature of bobby@example.com' });
    act(() => field.focus());
    fireEvent.keyDown(field, { key: 'ArrowRight' });
    fireEvent.keyDown(field, { key: 'ArrowUp', shiftKey: true });
    fireEvent.keyDown(field, { key: 'ArrowRight', altKey: true });

    fireEvent.click(screen.getByRole('button', { name: 'Next: Review and send' }));
    expect(await screen.findByText(/bobby@example\.com: 1 field/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard?tab=inbox&q='));
    expect(sentBodies(app.fetch, 'PUT', '/v3/signature-requests/sr1').at(-1)).toEqual({
      title: 'Lease',
      message: '',
      expires_at: null,
      quality: 'qes',
      legislation: 'zertes',
      tan_required: false,
      observers: ['boss@example.com'],
    });
    expect(sentBodies(app.fetch, 'POST', '/v3/signature-requests/sr1/signatures')).toEqual([
      { signer_identity_data: { email_address: 'bobby@example.com' }, document_signatures: [] },
    ]);
    // dropped in the middle of page 1 (222.5, 386), 5 pt right, 25 pt up, then 5 pt wider
    expect(sentBodies(app.fetch, 'PUT', '/v3/signature-requests/sr1/fields').at(-1)).toEqual({
      fields: [
        expect.objectContaining({
          document_id: 'doc1',
          signer_id: 's1',
          kind: 'signature',
          required: true,
          page: 1,
          x: 227.5,
          y: 411,
          width: 155,
          height: 70,
        }),
      ],
    });
    expect(sentBodies(app.fetch, 'POST', '/v3/signature-requests/sr1/initiate')).toHaveLength(1);
  });

  it('asks before sending when a signer has no signature field, and sends once confirmed', async () => {
    const draft = makeDraft({
      signatures: [makeSigner({ id: 's1', email: 'ada@example.com', name: 'Ada' })],
    });
    const app = renderUpload('/upload?draft=sr1&step=review', {
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(draft)),
      'POST /v3/signature-requests/sr1/initiate': () =>
        jsonResponse(200, snakeKeys({ ...draft, status: 'open' })),
    });
    expect(await screen.findByText(/Without a signature field on every document: Ada\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send with an invisible signature?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Place fields first' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(app.fetch, 'POST', '/v3/signature-requests/sr1/initiate')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send anyway' }));
    await waitFor(() => expect(app.location()).toBe('/dashboard?tab=inbox&q='));
    expect(sentBodies(app.fetch, 'POST', '/v3/signature-requests/sr1/initiate')).toHaveLength(1);
  });

  it('saves a deadline as the end of the chosen day as it changes, and explains a refused one', async () => {
    let refuse = false;
    const app = renderUpload('/upload?draft=sr1', {
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeDraft())),
      'PUT /v3/signature-requests/sr1': () =>
        refuse ? problem(422, 'signature_request.invalid_expiry') : jsonResponse(200, snakeKeys(makeDraft())),
    });
    const deadline = await screen.findByLabelText('Deadline (optional)');
    const today = new Date();
    const dayIn = (days: number) => {
      const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
      const pad = (n: number) => String(n).padStart(2, '0');
      return { d, text: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` };
    };
    const { d: inTenDays, text: day } = dayIn(10);
    expect(deadline.getAttribute('min')! < day && day < deadline.getAttribute('max')!).toBe(true);
    fireEvent.change(deadline, { target: { value: day } });
    expect(await screen.findByText('All changes saved', {}, { timeout: 3000 })).toBeTruthy();
    const endOfDay = new Date(
      inTenDays.getFullYear(),
      inTenDays.getMonth(),
      inTenDays.getDate(),
      23,
      59,
      59,
      999,
    );
    expect(sentBodies(app.fetch, 'PUT', '/v3/signature-requests/sr1')[0]).toMatchObject({
      expires_at: endOfDay.toISOString(),
    });

    refuse = true;
    fireEvent.change(deadline, { target: { value: dayIn(11).text } });
    expect(
      await screen.findByText(
        'The deadline must be between tomorrow and one year from today.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
  });

  it('lets the sender ask link signers for a TAN below the qualified level', async () => {
    const app = renderUpload('/upload?draft=sr1', {
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeDraft())),
      'PUT /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeDraft({ tanRequired: true }))),
    });
    const ask = await screen.findByRole('checkbox', { name: 'Ask link signers for a code by e-mail' });
    expect((ask as HTMLInputElement).checked).toBe(false);
    fireEvent.click(ask);
    expect(await screen.findByText('All changes saved', {}, { timeout: 3000 })).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v3/signature-requests/sr1')[0]).toMatchObject({
      tan_required: true,
    });
  });

  it('offers no TAN switch for a qualified request, whose provider asks its own second factor', async () => {
    renderUpload('/upload?draft=sr1', {
      'GET /v3/signature-requests/sr1': () =>
        jsonResponse(200, snakeKeys(makeDraft({ quality: 'qes', tanRequired: true }))),
    });
    await screen.findByLabelText('Deadline (optional)');
    expect(screen.queryByRole('checkbox', { name: 'Ask link signers for a code by e-mail' })).toBeNull();
  });

  it('explains a draft that cannot be opened, and sends a sent request to its view', async () => {
    const first = renderUpload('/upload?draft=nope', {
      'GET /v3/signature-requests/nope': () => problem(404, 'signature_request.not_found'),
    });
    expect(await screen.findByText('This draft does not exist or is not yours to edit.')).toBeTruthy();
    first.unmount();
    renderUpload('/upload?draft=sr1', {
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeDraft({ status: 'open' }))),
    });
    expect((await screen.findByRole('link', { name: 'Open the request' })).getAttribute('href')).toBe(
      '/view/sr1',
    );
  });

  it("announces 'Failed to invite signer' when a signer cannot be added as the draft saves", async () => {
    renderUpload('/upload?draft=sr1&step=recipients', {
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeDraft())),
      'PUT /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeDraft())),
      'POST /v3/signature-requests/sr1/signatures': () => problem(409, 'signature_request.duplicate_signer'),
    });
    const signerEmail = await screen.findByRole('combobox', { name: 'Signer’s e-mail address' });
    fireEvent.change(signerEmail, { target: { value: 'carl@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add signer' }));
    expect(await screen.findByText('Failed to invite signer', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('shows every page in the field editor, retrying a failing one with the spec 9 backoff, but not a 404', async () => {
    let pageOneCalls = 0;
    const draft = makeDraft({ signatures: [makeSigner({ id: 's1', email: 'ada@example.com' })] });
    const app = renderUpload('/upload?draft=sr1&step=fields', {
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(draft)),
      'GET /v3/documents/doc1/pages/1': () =>
        ++pageOneCalls < 3
          ? problem(503, 'service.unavailable')
          : new Response(new Blob(['img'], { type: 'image/webp' })),
      'GET /v3/documents/doc1/pages/2': () => problem(404, 'document.not_found'),
    });
    // two failures, waits of 100 and 200 ms, then the image
    expect(await screen.findByRole('img', { name: 'Page 1 of Lease' }, { timeout: 2000 })).toBeTruthy();
    expect(pageOneCalls).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const pageTwoCalls = app.fetch.mock.calls.filter(([input]) => String(input).includes('/pages/2'));
    expect(pageTwoCalls).toHaveLength(1);
    expect(screen.getByText('This page could not be shown.')).toBeTruthy();
  });

  it('will not send without a signer', async () => {
    const app = renderUpload('/upload?draft=sr1&step=review', {
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeDraft())),
      'PUT /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeDraft())),
      'POST /v3/signature-requests/sr1/signatures': () =>
        jsonResponse(
          201,
          snakeKeys(makeDraft({ signatures: [makeSigner({ id: 's1', email: 'carl@example.com' })] })),
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Add at least one signer before sending.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/signature-requests/sr1/initiate')).toEqual([]);
    // the message goes once a signer is there, without another press of Send
    fireEvent.click(screen.getByRole('button', { name: '2. Recipients' }));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Signer’s e-mail address' }), {
      target: { value: 'carl@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add signer' }));
    await waitFor(() => expect(screen.queryByText('Add at least one signer before sending.')).toBeNull());
  });

  it('asks before leaving with a change not yet saved, and keeps the change in this browser', async () => {
    const app = renderUpload('/upload?draft=sr1', {
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeDraft())),
      // a slow server: the change is still on its way when the person leaves
      'PUT /v3/signature-requests/sr1': () =>
        new Promise<Response>((resolve) =>
          setTimeout(() => resolve(problem(503, 'service.unavailable')), 4000),
        ),
    });
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Lease 2027' } });
    expect(JSON.parse(localStorage.getItem('countersign.draft.sr1') ?? '{}')).toMatchObject({
      title: 'Lease 2027',
    });
    fireEvent.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.location()).toBe('/upload?draft=sr1');
    fireEvent.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(app.location()).toMatch(/^\/dashboard/));
    localStorage.clear();
  });
});

describe('send to', () => {
  const handoff = {
    id: 'h1',
    signatureRequestId: 'sr1',
    title: 'Offer 42',
    status: 'draft',
    documentCount: 2,
    from: { email: 'assistant@example.com', firstName: 'Sam', lastName: 'Smith' },
    toEmail: 'ada@example.com',
    message: 'Ready when you are',
    createdAt: '2026-03-01T09:00:00.000Z',
    claimedAt: null,
  };

  it('shows the hand-off and continues on the upload screen once claimed', async () => {
    const app = renderUpload('/sendto/h1', {
      'GET /v3/sendto/h1/get-internal': () => jsonResponse(200, snakeKeys(handoff)),
      'POST /v3/sendto/h1/claim': () => jsonResponse(200, snakeKeys(makeDraft())),
      'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeDraft())),
    });
    expect(await screen.findByText(/Sam Smith \(assistant@example.com\) has prepared/)).toBeTruthy();
    expect(screen.getByText('Ready when you are')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take over and continue' }));
    await waitFor(() => expect(app.location()).toBe('/upload?draft=sr1'));
  });

  it('tells the user when the claim fails', async () => {
    renderUpload('/sendto/h1', {
      'GET /v3/sendto/h1/get-internal': () => jsonResponse(200, snakeKeys(handoff)),
      'POST /v3/sendto/h1/claim': () => problem(409, 'sendto.already_claimed'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Take over and continue' }));
    expect(await screen.findByText('Failed to claim signature request')).toBeTruthy();
  });
});

describe('invite', () => {
  it('counts the upload step as skipped only when arriving from /upload', () => {
    expect(isArrivingFromUpload({ from: '/upload' })).toBe(true);
    expect(isArrivingFromUpload({ from: '/dashboard' })).toBe(false);
    expect(isArrivingFromUpload(null)).toBe(false);
  });
});
