// On a phone the bar leads into the field-by-field view: one of the signer's fields at a time,
// "Field 1 of 2" with its page and document, "Previous field" and "Next field" under the thumb,
// the document behind it inert, and the way back to the whole document. Wider screens keep the
// whole document with the fields on it.
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp } from '../../test/render-app.js';
import { makeRequest, viewApi } from './sign-fixtures.js';

const base = makeRequest();
// Ada signs page 2 and, above it in reading order, page 1 of the lease
const twoFields = makeRequest({
  signatures: [
    {
      ...base.signatures[0]!,
      documentSignatures: [
        { documentId: 'doc1', placement: { page: 2, x: 100, y: 40, width: 150, height: 70 } },
      ],
    },
    base.signatures[1]!,
  ],
  fields: [
    {
      id: 'role',
      signerId: base.signatures[0]!.id,
      documentId: 'doc1',
      kind: 'text',
      required: true,
      label: 'Your role',
      page: 1,
      x: 40,
      y: 700,
      width: 200,
      height: 22,
      value: null,
    },
  ],
});

function screenIs(width: number) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === '(max-width: 767px)' && width < 768,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

async function open() {
  renderApp('/view/sr1', {
    token: 't',
    api: viewApi({ 'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(twoFields)) }),
  });
  return screen.findByRole('region', { name: 'Sign or decline' });
}

const scrollIntoView = Element.prototype.scrollIntoView;
beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Element.prototype.scrollIntoView = scrollIntoView;
});

describe('field by field on a phone', () => {
  it('shows one field at a time, pages back and forth from the bar, and goes back to the document', async () => {
    screenIs(320);
    const bar = await open();
    expect(screen.queryByRole('region', { name: 'Field by field' })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Next field' }));

    const focus = await screen.findByRole('region', { name: 'Field by field' });
    expect(within(focus).getByTestId('focus-position').textContent).toBe('Field 1 of 2');
    expect(within(focus).getByText('Page 1 of Lease')).toBeTruthy();
    expect(within(bar).getByLabelText('Your role (required)')).toBeTruthy();
    // the document behind is out of reach while the view is shown
    const documentPages = screen.getAllByTestId('document-page').filter((p) => !focus.contains(p));
    expect(documentPages[0]!.closest('[inert]')).not.toBeNull();
    const previous = within(bar).getByRole('button', { name: 'Previous field' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    fireEvent.click(within(bar).getByRole('button', { name: 'Next field' }));
    expect(within(focus).getByTestId('focus-position').textContent).toBe('Field 2 of 2');
    expect(within(focus).getByText('Page 2 of Lease')).toBeTruthy();
    expect((within(bar).getByRole('button', { name: 'Next field' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(bar).getByRole('button', { name: 'Sign here' })).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Previous field' }));
    expect(within(focus).getByTestId('focus-position').textContent).toBe('Field 1 of 2');

    const scrolledTo: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this.id);
    };
    fireEvent.click(within(focus).getByRole('button', { name: 'Whole document' }));
    expect(screen.queryByRole('region', { name: 'Field by field' })).toBeNull();
    expect(screen.getAllByTestId('document-page')[0]!.closest('[inert]')).toBeNull();
    // the document opens at the field the signer was on
    await waitFor(() => expect(scrolledTo).toEqual(['field-role']));
  });

  it('keeps the whole document on wider screens', async () => {
    screenIs(1024);
    const bar = await open();
    fireEvent.click(within(bar).getByRole('button', { name: 'Next field' }));
    expect(within(bar).getByLabelText('Your role (required)')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Field by field' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Previous field' })).toBeNull();
  });
});
