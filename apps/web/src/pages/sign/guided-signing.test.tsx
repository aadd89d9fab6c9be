// Guided signing on /view/{srid}: every placed field drawn over its page with its signer's name,
// the caller's own ones saying "Sign here"; a progress count and "next field"; Sign leads to the
// fields still to do before it opens the review; the review signs only once the consent is ticked,
// and sends that consent with the call.
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { CONSENT_EN, makeRequest, viewApi } from './sign-fixtures.js';

const base = makeRequest();
const withFields = makeRequest({
  signatures: [
    {
      ...base.signatures[0]!,
      documentSignatures: [
        { documentId: 'doc1', placement: { page: 2, x: 100, y: 40, width: 150, height: 70 } },
      ],
    },
    {
      ...base.signatures[1]!,
      documentSignatures: [
        { documentId: 'doc1', placement: { page: 1, x: 300, y: 40, width: 150, height: 70 } },
      ],
    },
  ],
  documents: [
    base.documents[0]!,
    {
      ...base.documents[0]!,
      id: 'doc2',
      title: 'Annex',
      fileName: 'annex.pdf',
      pageCount: 1,
      pages: [{ width: 595, height: 842 }],
    },
  ],
});
// Ada signs both documents; her field in the annex sits at the top of its only page
withFields.signatures[0]!.documentSignatures.push({
  documentId: 'doc2',
  placement: { page: 1, x: 40, y: 700, width: 150, height: 70 },
});

const api = () =>
  viewApi({ 'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(withFields)) });

beforeEach(() => sessionStorage.clear());

describe('guided signing', () => {
  it("draws every field with its signer's name, the caller's own ones as 'Sign here'", async () => {
    renderApp('/view/sr1', { token: 't', api: api() });
    const mine = await screen.findAllByTestId('my-field');
    expect(mine.map((f) => f.textContent)).toEqual(['Ada Lovelace Sign here', 'Ada Lovelace Sign here']);
    // the accessible name is what is seen (WCAG 2.5.3)
    expect(screen.getAllByRole('button', { name: 'Ada Lovelace Sign here' })).toHaveLength(2);
    expect(screen.getAllByTestId('field-box').map((f) => f.textContent)).toEqual(['bob@example.comSigned']);
    // placed in percent of the page, from the top: 842 - 40 - 70 = 732 of 842 points
    expect(mine[0]!.style.top).toBe(`${(100 * 732) / 842}%`);
    expect(mine[0]!.style.left).toBe(`${(100 * 100) / 595}%`);
  });

  it('leads from field to field, counts them, and opens the review only when all are done', async () => {
    const app = renderApp('/view/sr1', { token: 't', api: api() });
    const bar = await screen.findByRole('region', { name: 'Sign or decline' });
    expect(within(bar).getByTestId('field-progress').textContent).toBe('Fields done: 0 of 2');

    // Sign before the fields: the guide points at the first field still to do instead
    fireEvent.click(within(bar).getByRole('button', { name: 'Sign' }));
    expect(within(bar).getByTestId('field-progress').textContent).toContain('2 fields are still to do.');
    expect(screen.queryByRole('dialog')).toBeNull();
    const [first, second] = screen.getAllByTestId('my-field');
    expect(first!.className).toContain('ring-4');

    // one-handed: the bar's own button signs the current field, and the guide moves on
    fireEvent.click(within(bar).getByRole('button', { name: 'Sign here' }));
    await waitFor(() => expect(second!.className).toContain('ring-4'));
    expect(within(bar).getByTestId('field-progress').textContent).toBe(
      'Fields done: 1 of 21 field is still to do.',
    );
    expect(first!.getAttribute('aria-pressed')).toBe('true');

    // or on the page itself
    fireEvent.click(second!);
    expect(within(bar).getByTestId('field-progress').textContent).toBe('Fields done: 2 of 2');
    expect(within(bar).queryByRole('button', { name: 'Next field' })).toBeNull();

    fireEvent.click(within(bar).getByRole('button', { name: 'Sign' }));
    const review = await screen.findByRole('dialog', { name: 'Review and sign' });
    expect(within(review).getByText('You are about to sign as Ada Lovelace:')).toBeTruthy();
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lease', 'Annex']);
    expect(within(review).getByTestId('consent-text').textContent).toMatch(
      /^I agree to sign these documents electronically/,
    );

    // no signature without the consent
    fireEvent.click(within(review).getByRole('button', { name: 'Sign now' }));
    expect(within(review).getByText('Please tick the box to agree to sign electronically.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([]);

    fireEvent.click(within(review).getByRole('checkbox'));
    fireEvent.click(within(review).getByRole('button', { name: 'Sign now' }));
    await screen.findByRole('dialog', { name: 'Signed' });
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([
      {
        signature_requests: [{ signature_request_id: 'sr1' }],
        language: 'en',
        consent: CONSENT_EN,
      },
    ]);
  });

  it("goes to the next field with 'Next field', in reading order across documents", async () => {
    renderApp('/view/sr1', { token: 't', api: api() });
    const bar = await screen.findByRole('region', { name: 'Sign or decline' });
    const [lease, annex] = await screen.findAllByTestId('my-field');
    fireEvent.click(within(bar).getByRole('button', { name: 'Next field' }));
    expect(lease!.className).toContain('ring-4');
    fireEvent.click(within(bar).getByRole('button', { name: 'Next field' }));
    expect(annex!.className).toContain('ring-4');
    expect(lease!.className).not.toContain('ring-4');
  });
});

describe('filling fields while signing', () => {
  const at = { documentId: 'doc1', page: 1, width: 150, height: 20, value: null };
  const filling = makeRequest({
    fields: [
      {
        id: 'Role_1',
        kind: 'text',
        signerId: 'sig1',
        required: true,
        label: 'Your role',
        x: 60,
        y: 700,
        ...at,
      },
      {
        id: 'Box_1',
        kind: 'checkbox',
        signerId: 'sig1',
        required: false,
        label: 'Keep me informed',
        x: 60,
        y: 650,
        ...at,
      },
      {
        id: 'Date_1',
        kind: 'date_signed',
        signerId: 'sig1',
        required: true,
        label: '',
        x: 60,
        y: 600,
        ...at,
      },
      {
        id: 'Initials_1',
        kind: 'initials',
        signerId: 'sig1',
        required: true,
        label: '',
        x: 300,
        y: 560,
        ...at,
      },
      {
        id: 'Bob_text',
        kind: 'text',
        signerId: 'sig2',
        required: true,
        label: 'Witness',
        x: 300,
        y: 600,
        ...at,
      },
    ],
  });
  const fillingApi = () =>
    viewApi({ 'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(filling)) });

  it('shows what another signer filled in once they have signed, as the PDF does', async () => {
    const signedByBob = {
      ...filling,
      signatures: filling.signatures.map((s) => (s.id === 'sig2' ? { ...s, status: 'signed' as const } : s)),
      fields: [
        ...filling.fields.map((f) => (f.id === 'Bob_text' ? { ...f, value: 'Landlord' } : f)),
        { ...filling.fields[1]!, id: 'Bob_box', signerId: 'sig2', label: 'Copy by post', value: 'true' },
      ],
    };
    renderApp('/view/sr1', {
      token: 't',
      api: viewApi({ 'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(signedByBob)) }),
    });
    await screen.findByRole('region', { name: 'Sign or decline' });
    const theirs = screen.getAllByTestId('field-box').map((f) => f.textContent);
    expect(theirs).toContain('bob@example.comLandlord');
    expect(theirs).toContain('bob@example.com☑ Copy by post');
  });

  it('takes text and check boxes field by field in the bar, shows them in the review and sends them', async () => {
    const app = renderApp('/view/sr1', { token: 't', api: fillingApi() });
    const bar = await screen.findByRole('region', { name: 'Sign or decline' });
    // initials, the text and the check box are steps; the date is written by the signature, Bob's
    // field is his
    expect(within(bar).getByTestId('field-progress').textContent).toBe('Fields done: 0 of 3');
    // each names what it asks for as seen, and whose it is for a screen reader
    expect(screen.getAllByTestId('my-field').map((f) => f.textContent)).toEqual([
      'Your role: fill in (text field for Ada Lovelace)',
      '☐ Keep me informed (check box for Ada Lovelace)',
      'Ada Lovelace Initial here',
    ]);
    expect(screen.getAllByTestId('field-box').map((f) => f.textContent)).toEqual([
      new Date().toISOString().slice(0, 10),
      'bob@example.comWitness',
    ]);

    // Sign first: the guide leads to the first required field, the text, whose input the bar holds
    fireEvent.click(within(bar).getByRole('button', { name: 'Sign' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const role = within(bar).getByLabelText('Your role (required)');
    fireEvent.change(role, { target: { value: '  Tenant ' } });
    expect(within(bar).getByTestId('field-progress').textContent).toMatch(/^Fields done: 1 of 3/);
    expect(screen.getAllByTestId('my-field')[0]!.textContent).toBe(
      'Your role: Tenant (text field for Ada Lovelace)',
    );
    // typing does not move the guide away from the field
    expect(within(bar).getByLabelText('Your role (required)')).toBe(role);

    // required ones first: the initials, adopted from the bar (the server writes them from the name)
    fireEvent.click(within(bar).getByRole('button', { name: 'Next field' }));
    fireEvent.click(within(bar).getByRole('button', { name: 'Initial here' }));
    expect(within(bar).getByTestId('field-progress').textContent).toBe('Fields done: 2 of 3');

    // the check box is ticked on the page and shown in the bar
    fireEvent.click(within(bar).getByRole('button', { name: 'Next field' }));
    const box = within(bar).getByLabelText('Keep me informed') as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getAllByTestId('my-field')[1]!);
    expect((within(bar).getByLabelText('Keep me informed') as HTMLInputElement).checked).toBe(true);
    expect(within(bar).getByTestId('field-progress').textContent).toBe('Fields done: 3 of 3');

    fireEvent.click(within(bar).getByRole('button', { name: 'Sign' }));
    const review = await screen.findByRole('dialog', { name: 'Review and sign' });
    expect(
      within(review)
        .getAllByTestId('review-value')
        .map((v) => v.textContent),
    ).toEqual(['Tenant', 'ticked']);
    fireEvent.click(within(review).getByRole('checkbox'));
    fireEvent.click(within(review).getByRole('button', { name: 'Sign now' }));
    await screen.findByRole('dialog', { name: 'Signed' });
    expect(sentBodies(app.fetch, 'POST', '/v3/sign')).toEqual([
      {
        signature_requests: [
          {
            signature_request_id: 'sr1',
            field_values: [
              { field_id: 'Role_1', value: 'Tenant' },
              { field_id: 'Box_1', value: true },
            ],
          },
        ],
        language: 'en',
        consent: CONSENT_EN,
      },
    ]);
  });
});
